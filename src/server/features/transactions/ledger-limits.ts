import { LEDGER_LIMIT, leavesLimit } from '../../../shared/ledger';
import { formatGrouped } from '../../../shared/money';
import { perConnection } from '../../db/per-connection';
import type { TransactionRow } from '../../db/types';
import { DomainError } from '../../errors/domain-errors';

/**
 * The ledger's limit (decision 090): no write may take a balance, an after-value or a kept total past
 * LEDGER_LIMIT (shared/ledger.ts). Every write path of the ledger (ledger.ts, one entry at a time, and
 * ledger-bulk.ts, many) reports here what it changes; a value that would leave the limit is a PastLimit,
 * which the write turns into a 400 naming the request's field, and its savepoint (or the import's
 * transaction) takes back everything it wrote.
 */

/** What moved a value: the unplayed or the played coins, their sum, or the USD. */
type Moved = 'unplayed' | 'played' | 'coins' | 'usd';

/** The request's field each kind of change came from (a check-in's `unplayedCoins`, an entry's `usdChange`). */
export interface LimitFields {
  unplayed: string;
  played: string;
  usd: string;
}

/** A typed entry's fields (create, edit; the import's columns have the same names). */
export const ENTRY_FIELDS: LimitFields = { unplayed: 'unplayedCoinsChange', played: 'playedCoinsChange', usd: 'usdChange' };

/** One field for every change (a delete or a restore names the transaction's `id`). */
export const fieldNamed = (name: string): LimitFields => ({ unplayed: name, played: name, usd: name });

const LIMIT_TEXT = `±${formatGrouped(LEDGER_LIMIT)}`;

/** A value the write would take past the limit. */
class PastLimit extends Error {
  constructor(
    readonly moved: Moved,
    what: string,
  ) {
    super(`This would take ${what} past ${LIMIT_TEXT}, the most the ledger keeps`);
  }

  /** The refusal, naming the request's field (both coin fields when their sum is at fault). */
  named(fields: LimitFields): DomainError {
    const paths = this.moved === 'coins' ? [fields.unplayed, fields.played] : [fields[this.moved]];
    return new DomainError(
      'invalid',
      this.message,
      [...new Set(paths)].map((path) => ({ path, message: this.message })),
    );
  }
}

/** Runs `body`; a PastLimit it throws becomes the refusal naming `fields`. */
export function refusingPastLimit<T>(fields: LimitFields, body: () => T): T {
  try {
    return body();
  } catch (error) {
    throw error instanceof PastLimit ? error.named(fields) : error;
  }
}

type AfterValues = { unplayed: number; played: number; total: number };

const AFTER_WHAT = { unplayed: 'unplayed coins', played: 'played coins', coins: 'coins' } as const;

/**
 * Checks a row's after-values at `date` against the limit (`before`: what the row held, null for a new
 * row). Called as each one is computed, so every running sum the ledger makes in JavaScript stays exact.
 */
export function checkAfterValues(before: AfterValues | null, after: AfterValues, date: string): void {
  const moved = leavesLimit(before?.unplayed ?? 0, after.unplayed)
    ? 'unplayed'
    : leavesLimit(before?.played ?? 0, after.played)
      ? 'played'
      : leavesLimit(before?.total ?? 0, after.total)
        ? 'coins'
        : null;
  if (moved) throw new PastLimit(moved, `the customer's ${AFTER_WHAT[moved]} at this casino on ${date.slice(0, 10)}`);
}

/** A link's kept check-in day (decision 061): its SC, the sum of the day's check-ins, stays within the limit too. */
export function checkCheckInDay(kept: { day: string; before: number; after: number }): void {
  if (leavesLimit(kept.before, kept.after)) throw new PastLimit('unplayed', `the customer's check-ins of ${kept.day} at this casino`);
}

type Values = { u: number; p: number; d: number };

/** The kept values a transaction counts in (decisions 021, 025), each read as (u, p, d) with unused parts 0. */
const keptReads = perConnection((q) => ({
  link: q<[{ customerId: number; casinoId: number }], Values>(
    `select "currentUnplayedCoins" u, "currentPlayedCoins" p, "usdTotal" d from "customerCasinos" where "customerId" = @customerId and "casinoId" = @casinoId`,
  ),
  casino: q<[{ casinoId: number }], Values>(
    `select "unplayedCoins" u, "playedCoins" p, 0 d from "casinoBalances" where "casinoId" = @casinoId`,
  ),
  day: q<[{ day: string }], Values>(`select 0 u, 0 p, "usdTotal" d from "dayTotals" where day = @day`),
  dayType: q<[{ day: string; typeId: number }], Values>(
    `select 0 u, 0 p, "usdTotal" d from "dayTypeTotals" where day = @day and "transactionTypeId" = @typeId`,
  ),
  type: q<[{ typeId: number }], Values>(`select 0 u, 0 p, "usdTotal" d from "typeTotals" where "transactionTypeId" = @typeId`),
  hour: q<[{ hour: string }], Values>(`select 0 u, 0 p, "usdTotal" d from "hourTotals" where hour = @hour`),
}));

type Reads = ReturnType<typeof keptReads>;

/** A kept value: how to read it, and what each of its parts is in a refusal's words. */
interface KeptValue {
  read: () => Values | undefined;
  what: { u: string; p: string; d: string };
}

interface Change extends KeptValue, Values {}

const LINK_WHAT = {
  u: "the customer's unplayed coins at this casino",
  p: "the customer's played coins at this casino",
  d: "the customer's USD total at this casino",
};
const CASINO_WHAT = { u: "the casino's unplayed coins over its customers", p: "the casino's played coins over its customers", d: '' };
const usdOnly = (d: string) => ({ u: '', p: '', d });

/** The parts of a transaction the kept values count. */
export type Counted = Pick<
  TransactionRow,
  'customerId' | 'casinoId' | 'transactionTypeId' | 'date' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'
>;

/**
 * The changes one write makes to kept values, summed per value, then checked once against the limit
 * when the write is done: an edit first takes its old values out of a total and then adds the new
 * ones, and only where the total ends counts.
 */
class KeptChanges {
  private changes = new Map<string, Change>();

  constructor(private readonly reads: Reads) {}

  clear(): void {
    this.changes.clear();
  }

  /** Adds (`sign` 1) or removes (-1) a transaction from every kept value it counts in. */
  transaction(t: Counted, sign: 1 | -1): void {
    const d = sign * t.usdChange;
    this.link(t.customerId, t.casinoId, sign * t.unplayedCoinsChange, sign * t.playedCoinsChange, d);
    this.totals(t.date, t.transactionTypeId, d);
  }

  /** A link's balances and USD total change, and so its casino's balances. */
  link(customerId: number, casinoId: number, u: number, p: number, d: number): void {
    const { reads } = this;
    this.add(`link ${customerId} ${casinoId}`, u, p, d, () => ({ read: () => reads.link.get({ customerId, casinoId }), what: LINK_WHAT }));
    this.add(`casino ${casinoId}`, u, p, 0, () => ({ read: () => reads.casino.get({ casinoId }), what: CASINO_WHAT }));
  }

  /** USD counted at `date` (ISO UTC, or its first 13 characters: the hour) for a type: its day's, the day's type's, the type's and the hour's totals. */
  totals(date: string, typeId: number, d: number): void {
    if (d === 0) return;
    const { reads } = this;
    const day = date.slice(0, 10);
    const hour = date.slice(0, 13);
    this.add(`day ${day}`, 0, 0, d, () => ({ read: () => reads.day.get({ day }), what: usdOnly(`the USD total of ${day} (UTC)`) }));
    this.add(`dayType ${day} ${typeId}`, 0, 0, d, () => ({
      read: () => reads.dayType.get({ day, typeId }),
      what: usdOnly(`the type's USD total on ${day} (UTC)`),
    }));
    this.add(`type ${typeId}`, 0, 0, d, () => ({ read: () => reads.type.get({ typeId }), what: usdOnly("the type's USD total") }));
    this.add(`hour ${hour}`, 0, 0, d, () => ({
      read: () => reads.hour.get({ hour }),
      what: usdOnly(`the USD total of ${hour.replace('T', ' ')}:00 UTC`),
    }));
  }

  private add(id: string, u: number, p: number, d: number, value: () => KeptValue): void {
    const c = this.changes.get(id);
    if (c) {
      c.u += u;
      c.p += p;
      c.d += d;
    } else this.changes.set(id, { ...value(), u, p, d });
  }

  /**
   * Checks every changed value against the limit and forgets the changes. `written`: the changes are in
   * the database (each value is read as it now is); otherwise (a dry run) they are added to what it holds.
   */
  check(written: boolean): void {
    const changes = [...this.changes.values()];
    this.changes.clear();
    for (const c of changes) {
      const held = c.read() ?? { u: 0, p: 0, d: 0 };
      for (const part of ['u', 'p', 'd'] as const) {
        if (c[part] === 0) continue;
        const after = written ? held[part] : held[part] + c[part];
        if (leavesLimit(after - c[part], after))
          throw new PastLimit(part === 'u' ? 'unplayed' : part === 'p' ? 'played' : 'usd', c.what[part]);
      }
    }
  }
}

/** The connection's record of what the write running on it changes (one write at a time per connection). */
export const keptChanges = perConnection((_q, sqlite) => new KeptChanges(keptReads(sqlite)));
