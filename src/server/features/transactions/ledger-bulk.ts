import { afterValues, type Balances, purchaseRatio } from '../../../shared/ledger';
import type { LedgerFields } from './ledger';
import type { LedgerStatements } from './ledger-statements';

/**
 * The ledger's write path for many rows at once (the import, docs/decisions/052): the same three
 * invariants as ledger.ts (link balances, after-values in (date, id) order, kept totals), reached with
 * one pass per pair and writes in index-friendly order instead of one insertEntry and recompute per row.
 * It also keeps the check-in board's days (decision 061) as insertEntry does. Runs inside the caller's
 * SQLite transaction.
 */

/** A row to add: the six fields, its date (ISO UTC), its casino's scRatio, and its place in the file (ties in date keep it). */
export interface BulkEntry extends LedgerFields {
  date: string;
  scRatio: number;
  order: number;
}

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

type Placed = { entry: BulkEntry; after: ReturnType<typeof afterValues> };
type Stored = ReturnType<LedgerStatements['pairFrom']['all']>[number];

const samePair = (a: BulkEntry, b: BulkEntry) => a.customerId === b.customerId && a.casinoId === b.casinoId;
const byPairDate = (a: BulkEntry, b: BulkEntry) =>
  a.customerId - b.customerId || a.casinoId - b.casinoId || (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order);
const byDate = (a: Placed, b: Placed) => (a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : a.entry.order - b.entry.order);
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
 * Adds `entries` to the ledger, skipping each one that copies a row the ledger held before (date, pair,
 * type and the three amounts equal; once per copy: a file holding a row twice where the ledger holds it
 * once adds one). Without `write` nothing is written (a dry run) and the counts are what a write would do.
 *
 * How: rows sorted by pair and date; per pair, ONE read of its rows from the earliest new date and one
 * merge in (date, id) order (new rows get ids above every stored one, so they follow stored rows of the
 * same date) gives each new row its after-values and each later stored row its new ones; the link
 * takes the pair's sums once. Then the new rows are inserted in date order (the date-ordered indexes
 * grow at one point each), the changed after-values are written in id order (one sweep of the table),
 * and the per-day and per-type totals get one upsert per key. `entries` is sorted in place.
 */
export function insertMany(s: LedgerStatements, entries: BulkEntry[], write: BulkWrite | null): BulkOutcome {
  entries.sort(byPairDate);
  const placed: Placed[] = [];
  const updates: number[] = []; // id, unplayed after, played after; flat
  let duplicates = 0;
  let count = 0;
  for (let i = 0; i < entries.length; ) {
    let j = i + 1;
    while (j < entries.length && samePair(entries[i], entries[j])) j++;
    const { customerId, casinoId, date: from } = entries[i];
    // Stand-in ids (a dry run's created records) are negative: such a pair holds nothing yet.
    const stored = customerId > 0 && casinoId > 0;
    const rows: Stored[] = stored ? s.pairFrom.all(customerId, casinoId, from) : [];
    const copies = new Map<string, number>();
    for (const r of rows) {
      const key = copyKey(r);
      copies.set(key, (copies.get(key) ?? 0) + 1);
    }
    const fresh: BulkEntry[] = [];
    for (let n = i; n < j; n++) {
      const key = copyKey(entries[n]);
      const left = copies.get(key);
      if (left) {
        copies.set(key, left - 1);
        duplicates++;
      } else fresh.push(entries[n]);
    }
    count += fresh.length;
    i = j;
    if (!write || fresh.length === 0) continue;

    const before = s.before.get(customerId, casinoId, from, from, 0);
    let balances: Balances | null = before ? { unplayed: before.unplayedCoinsAfter, played: before.playedCoinsAfter } : null;
    let usd = 0;
    for (let a = 0, b = 0; a < rows.length || b < fresh.length; ) {
      if (b === fresh.length || (a < rows.length && rows[a].date <= fresh[b].date)) {
        const r = rows[a++];
        const after = afterValues(balances, r.unplayedCoinsChange, r.playedCoinsChange);
        balances = after;
        if (r.unplayedCoinsAfter !== after.unplayed || r.playedCoinsAfter !== after.played || r.totalCoinsAfter !== after.total) updates.push(r.id, after.unplayed, after.played);
      } else {
        const e = fresh[b++];
        const after = afterValues(balances, e.unplayedCoinsChange, e.playedCoinsChange);
        balances = after;
        usd += e.usdChange;
        placed.push({ entry: e, after });
      }
    }
    let du = 0;
    let dp = 0;
    for (const e of fresh) {
      du += e.unplayedCoinsChange;
      dp += e.playedCoinsChange;
    }
    s.applyToLink.run(du, dp, usd, fresh.length, customerId, casinoId);
  }
  if (write) writeAll(s, placed, updates, write);
  return { inserted: count, duplicates };
}

function writeAll(s: LedgerStatements, placed: Placed[], updates: number[], write: BulkWrite): void {
  placed.sort(byDate);
  const days = new Map<string, [number, number]>();
  const dayTypes = new Map<string, [number, number]>();
  const types = new Map<number, [number, number]>();
  for (const { entry: e, after } of placed) {
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
        unplayedCoinsAfter: after.unplayed,
        playedCoinsAfter: after.played,
        totalCoinsAfter: after.total,
        createdByUserId: write.userId,
        createdAt: write.at,
        updatedAt: write.at,
      }).lastInsertRowid,
    );
    // The check-in board's kept day at this position, as insertEntry keeps it (decision 061).
    s.checkInDay(e);
    write.inserted(id, e);
    const day = e.date.slice(0, 10);
    add(days, day, e.usdChange);
    add(dayTypes, `${day}|${e.transactionTypeId}`, e.usdChange);
    add(types, e.transactionTypeId, e.usdChange);
  }
  const n = updates.length / 3;
  const byId = Uint32Array.from({ length: n }, (_, k) => k).sort((a, b) => updates[3 * a] - updates[3 * b]);
  for (const k of byId) {
    const after = afterValues(null, updates[3 * k + 1], updates[3 * k + 2]);
    s.setAfter.run(after.unplayed, after.played, after.total, updates[3 * k]);
  }
  const byKey = <K>(a: [K, unknown], b: [K, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  for (const [day, [count, usd]] of [...days].sort(byKey)) s.dayTotal.run(day, count, usd);
  for (const [key, [count, usd]] of [...dayTypes].sort(byKey)) {
    const [day, type] = key.split('|');
    s.dayTypeTotal.run(day, Number(type), count, usd);
  }
  for (const [type, [count, usd]] of types) s.typeTotal.run(type, count, usd);
}
