import { afterValues, type Balances, purchaseRatio } from '../../../shared/ledger';
import { type BulkEntry, type BulkRows, NumberList } from './bulk-rows';
import { checkAfterValues, ENTRY_FIELDS, refusingPastLimit } from './ledger-limits';
import type { LedgerStatements } from './ledger-statements';

export type { BulkEntry, BulkInput } from './bulk-rows';
export { BulkRows } from './bulk-rows';

/**
 * The ledger's write path for many rows at once (the import, docs/decisions/052): the same invariants
 * as ledger.ts (link balances, after-values in (date, id) order, kept totals, check-in days), reached
 * with one pass per pair and writes in index-friendly order instead of one insertEntry and recompute per row.
 * Runs inside the caller's SQLite transaction.
 */

export interface BulkWrite {
  userId: number | null;
  /** When the rows are recorded (createdAt, updatedAt). */
  at: string;
  /** Told each inserted row's id, in insertion order (the caller audits it). */
  inserted: (id: number, entry: BulkEntry) => void;
}

export interface BulkOutcome {
  /** Rows inserted (or, without a write, that would be). */
  inserted: number;
  /** Rows skipped as copies of rows already in the ledger. */
  duplicates: number;
}

type Stored = ReturnType<LedgerStatements['pairFrom']['all']>[number];

/** What makes two rows copies of each other: date, pair (implied: compared within one), type and the three amounts. */
const copyKey = (r: Pick<BulkEntry, 'date' | 'transactionTypeId' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'>) =>
  `${r.date}|${r.transactionTypeId}|${r.unplayedCoinsChange}|${r.playedCoinsChange}|${r.usdChange}`;

/** Adds `n` and `usd` to a total in a map. */
function add<K>(totals: Map<K, [number, number]>, key: K, usd: number): void {
  const t = totals.get(key);
  if (t) {
    t[0]++;
    t[1] += usd;
  } else totals.set(key, [1, usd]);
}

/**
 * The new rows with their after-values, by place among the kept rows (typed arrays: decision 053), and
 * the stored rows whose after-values change (id, unplayed after, played after).
 */
interface Placed {
  places: Uint32Array;
  /** unplayed, played and total after, three per placed row, in the order of `places`. */
  after: Float64Array;
  count: number;
  updates: NumberList;
}

/**
 * Adds the kept `rows` to the ledger, skipping each one that copies a row the ledger held before (date, pair,
 * type and the three amounts equal; once per copy: a file holding a row twice where the ledger holds it
 * once adds one). Without `write` nothing is written (a dry run) and the counts are what a write would do.
 * Rows that would take a balance, an after-value or a kept total past the ledger's limit (decision 090)
 * are refused, the write or the dry run alike: a 400 naming the column, and the caller's transaction
 * takes back what was written.
 *
 * How: rows sorted by pair and date; per pair, ONE read of its rows from the earliest new date and one
 * merge in (date, id) order (new rows get ids above every stored one, so they follow stored rows of the
 * same date) gives each new row its after-values and each later stored row its new ones; the link
 * takes the pair's sums once. Then the new rows are inserted in date order (the date-ordered indexes
 * grow at one point each), the changed after-values are written in id order (one sweep of the table),
 * and the per-day, per-type and per-hour totals get one upsert per key (kept-figures.ts). Only one pair's rows are objects at a time.
 */
export function insertMany(s: LedgerStatements, rows: BulkRows, write: BulkWrite | null): BulkOutcome {
  return refusingPastLimit(ENTRY_FIELDS, () => {
    s.kept.clear();
    const outcome = placeAndWrite(s, rows, write);
    if (write) s.figures.trimFeeds();
    s.kept.check(write !== null);
    return outcome;
  });
}

function placeAndWrite(s: LedgerStatements, rows: BulkRows, write: BulkWrite | null): BulkOutcome {
  const order = rows.byPairDate();
  const placed: Placed = {
    places: new Uint32Array(rows.length),
    after: new Float64Array(write ? rows.length * 3 : 0),
    count: 0,
    updates: new NumberList(),
  };
  let duplicates = 0;
  let count = 0;
  const usdByHourType = new Map<string, [number, number]>();
  for (let i = 0; i < order.length;) {
    let j = i + 1;
    while (j < order.length && rows.samePair(order[i], order[j])) j++;
    const entries: BulkEntry[] = [];
    for (let n = i; n < j; n++) entries.push(rows.at(order[n]));
    i = j;
    const { customerId, casinoId, date: from } = entries[0];
    // Stand-in ids (a dry run's created records) are negative: such a pair holds nothing yet.
    const stored = customerId > 0 && casinoId > 0;
    const pairRows: Stored[] = stored ? s.pairFrom.all({ customerId, casinoId, from }) : [];
    const copies = new Map<string, number>();
    for (const r of pairRows) {
      const key = copyKey(r);
      copies.set(key, (copies.get(key) ?? 0) + 1);
    }
    const fresh: BulkEntry[] = [];
    for (const e of entries) {
      const key = copyKey(e);
      const left = copies.get(key);
      if (left) {
        copies.set(key, left - 1);
        duplicates++;
      } else fresh.push(e);
    }
    count += fresh.length;
    if (fresh.length === 0) continue;

    const before = s.before.get({ customerId, casinoId, date: from, id: 0 });
    let balances: Balances | null = before ? { unplayed: before.unplayedCoinsAfter, played: before.playedCoinsAfter } : null;
    let usd = 0;
    for (let a = 0, b = 0; a < pairRows.length || b < fresh.length;) {
      if (b === fresh.length || (a < pairRows.length && pairRows[a].date <= fresh[b].date)) {
        const r = pairRows[a++];
        const after = afterValues(balances, r.unplayedCoinsChange, r.playedCoinsChange);
        balances = after;
        checkAfterValues({ unplayed: r.unplayedCoinsAfter, played: r.playedCoinsAfter, total: r.totalCoinsAfter }, after, r.date);
        if (!write) continue;
        if (r.unplayedCoinsAfter !== after.unplayed || r.playedCoinsAfter !== after.played || r.totalCoinsAfter !== after.total) {
          placed.updates.push(r.id);
          placed.updates.push(after.unplayed);
          placed.updates.push(after.played);
        }
      } else {
        const e = fresh[b++];
        const after = afterValues(balances, e.unplayedCoinsChange, e.playedCoinsChange);
        balances = after;
        checkAfterValues(null, after, e.date);
        usd += e.usdChange;
        if (e.usdChange !== 0) add(usdByHourType, `${e.date.slice(0, 13)}|${e.transactionTypeId}`, e.usdChange);
        if (!write) continue;
        const k = placed.count++;
        placed.places[k] = e.order;
        placed.after[3 * k] = after.unplayed;
        placed.after[3 * k + 1] = after.played;
        placed.after[3 * k + 2] = after.total;
      }
    }
    let du = 0;
    let dp = 0;
    let latest: string | null = null;
    for (const e of fresh) {
      du += e.unplayedCoinsChange;
      dp += e.playedCoinsChange;
      if (latest === null || e.date > latest) latest = e.date;
    }
    s.kept.link(customerId, casinoId, du, dp, usd);
    if (write) s.figures.link({ customerId, casinoId, unplayed: du, played: dp, usd, count: fresh.length, latest });
  }
  // The USD each hour and type gains, for the check of the day, day-type, type and hour totals.
  for (const [key, [, usd]] of usdByHourType) {
    const [hour, type] = key.split('|');
    s.kept.totals(hour, Number(type), usd);
  }
  if (write) writeAll(s, rows, placed, write);
  return { inserted: count, duplicates };
}

function writeAll(s: LedgerStatements, rows: BulkRows, placed: Placed, write: BulkWrite): void {
  // The placed rows (k: their after-values are at 3k) in date order, then place among the kept rows.
  const { places } = placed;
  const inDateOrder = Uint32Array.from({ length: placed.count }, (_, k) => k).sort((a, b) => rows.compareDates(places[a], places[b]));
  const days = new Map<string, [number, number]>();
  const dayTypes = new Map<string, [number, number]>();
  const types = new Map<number, [number, number]>();
  const hours = new Map<string, [number, number]>();
  for (const k of inDateOrder) {
    const e = rows.at(places[k]);
    const id = Number(
      s.insert.run({
        date: e.date,
        customerId: e.customerId,
        casinoId: e.casinoId,
        transactionTypeId: e.transactionTypeId,
        unplayedCoinsChange: e.unplayedCoinsChange,
        playedCoinsChange: e.playedCoinsChange,
        usdChange: e.usdChange,
        purchaseRatio: purchaseRatio(e.unplayedCoinsChange, e.usdChange, e.scRatio),
        unplayedCoinsAfter: placed.after[3 * k],
        playedCoinsAfter: placed.after[3 * k + 1],
        totalCoinsAfter: placed.after[3 * k + 2],
        createdByUserId: write.userId,
        createdAt: write.at,
        updatedAt: write.at,
      }).lastInsertRowid,
    );
    write.inserted(id, e);
    s.figures.transactionInserted({ ...e, id });
    const day = e.date.slice(0, 10);
    add(days, day, e.usdChange);
    add(dayTypes, `${day}|${e.transactionTypeId}`, e.usdChange);
    add(types, e.transactionTypeId, e.usdChange);
    add(hours, e.date.slice(0, 13), e.usdChange);
  }
  const { updates } = placed;
  const n = updates.length / 3;
  const byId = Uint32Array.from({ length: n }, (_, k) => k).sort((a, b) => updates.at(3 * a) - updates.at(3 * b));
  for (const k of byId) {
    const after = afterValues(null, updates.at(3 * k + 1), updates.at(3 * k + 2));
    s.setAfter.run({ id: updates.at(3 * k), ...after });
  }
  // The check-in board's days the new rows touch (decision 061), once the rows and their after-values are in.
  s.checkInDays(
    (function* () {
      for (const k of inDateOrder) yield rows.at(places[k]);
    })(),
  );
  const byKey = <K>(a: [K, unknown], b: [K, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  for (const [day, [count, usd]] of [...days].sort(byKey)) s.figures.day(day, count, usd);
  for (const [key, [count, usd]] of [...dayTypes].sort(byKey)) {
    const [day, type] = key.split('|');
    s.figures.dayType(day, Number(type), count, usd);
  }
  for (const [type, [count, usd]] of types) s.figures.type(type, count, usd);
  for (const [hour, [count, usd]] of [...hours].sort(byKey)) s.figures.hour(hour, count, usd);
}
