import { sql } from 'kysely';
import { dayStartUtc, nextDay, previousDay } from '../../../shared/dates';
import type { StatementInput } from '../../../shared/schemas/statements';
import type { Db } from '../../db/types';
import { fieldError, notFound } from '../../errors/domain-errors';
import { balancesAsOf } from '../customer-casinos/customer-casinos.repository';

/** Hundredths: a pair's balances. */
export interface Balance {
  unplayed: number;
  played: number;
}

/** What the entries of a range add up to (hundredths). */
export interface Sums {
  unplayed: number;
  played: number;
  usd: number;
  /** USD of the entries that spent money (negative changes). */
  purchases: number;
  /** USD of the entries that booked a received redemption. */
  redemptions: number;
  /** Every other positive USD change. */
  otherUsd: number;
  /** Coins that came in and went out (each entry's unplayed + played change, by its sign). */
  coinsIn: number;
  coinsOut: number;
  entries: number;
}

export interface Section {
  casinoId: number;
  casinoName: string;
  opening: Balance;
  closing: Balance;
  sums: Sums;
}

export interface Statement {
  customerId: number;
  customerName: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  sections: Section[];
}

export interface StatementEntry {
  id: number;
  date: string;
  typeName: string;
  unplayedChange: number;
  playedChange: number;
  usdChange: number;
  unplayedAfter: number;
  playedAfter: number;
  totalAfter: number;
}

export const NO_SUMS: Sums = {
  unplayed: 0,
  played: 0,
  usd: 0,
  purchases: 0,
  redemptions: 0,
  otherUsd: 0,
  coinsIn: 0,
  coinsOut: 0,
  entries: 0,
};

/** Adds one entry to running sums; `receipt` when it booked a received redemption. */
export function addEntry(s: Sums, e: StatementEntry, receipt: boolean): Sums {
  const coins = e.unplayedChange + e.playedChange;
  return {
    unplayed: s.unplayed + e.unplayedChange,
    played: s.played + e.playedChange,
    usd: s.usd + e.usdChange,
    purchases: s.purchases + (e.usdChange < 0 ? e.usdChange : 0),
    redemptions: s.redemptions + (e.usdChange > 0 && receipt ? e.usdChange : 0),
    otherUsd: s.otherUsd + (e.usdChange > 0 && !receipt ? e.usdChange : 0),
    coinsIn: s.coinsIn + (coins > 0 ? coins : 0),
    coinsOut: s.coinsOut + (coins < 0 ? coins : 0),
    entries: s.entries + 1,
  };
}

export const addSums = (a: Sums, b: Sums): Sums => ({
  unplayed: a.unplayed + b.unplayed,
  played: a.played + b.played,
  usd: a.usd + b.usd,
  purchases: a.purchases + b.purchases,
  redemptions: a.redemptions + b.redemptions,
  otherUsd: a.otherUsd + b.otherUsd,
  coinsIn: a.coinsIn + b.coinsIn,
  coinsOut: a.coinsOut + b.coinsOut,
  entries: a.entries + b.entries,
});

/** The range's instants: from the first day's start to the day after the last (office time zone). */
const spanOf = (s: Pick<Statement, 'startDate' | 'endDate' | 'timeZone'>) => ({
  from: dayStartUtc(s.startDate, s.timeZone),
  to: dayStartUtc(nextDay(s.endDate), s.timeZone),
});

const inRange = (db: Db, customerId: number, casinoId: number, from: string, to: string) =>
  db
    .selectFrom('transactions as t')
    .where('t.customerId', '=', customerId)
    .where('t.casinoId', '=', casinoId)
    .where('t.date', '>=', from)
    .where('t.date', '<', to);

/** A receipt's USD: the entry is a received redemption's booking. */
const isReceipt = sql<number>`exists (select 1 from redemptions r where r."receiptTransactionId" = t.id)`;

/** The range's sums for one pair, added up by SQLite over the pair-date index (the check before sending). */
async function sumsOf(db: Db, customerId: number, casinoId: number, from: string, to: string): Promise<Sums> {
  const coins = sql<number>`t."unplayedCoinsChange" + t."playedCoinsChange"`;
  const row = await inRange(db, customerId, casinoId, from, to)
    .select([
      sql<number>`coalesce(sum(t."unplayedCoinsChange"), 0)`.as('unplayed'),
      sql<number>`coalesce(sum(t."playedCoinsChange"), 0)`.as('played'),
      sql<number>`coalesce(sum(t."usdChange"), 0)`.as('usd'),
      sql<number>`coalesce(sum(case when t."usdChange" < 0 then t."usdChange" else 0 end), 0)`.as('purchases'),
      sql<number>`coalesce(sum(case when t."usdChange" > 0 and ${isReceipt} then t."usdChange" else 0 end), 0)`.as('redemptions'),
      sql<number>`coalesce(sum(case when t."usdChange" > 0 and not ${isReceipt} then t."usdChange" else 0 end), 0)`.as('otherUsd'),
      sql<number>`coalesce(sum(case when ${coins} > 0 then ${coins} else 0 end), 0)`.as('coinsIn'),
      sql<number>`coalesce(sum(case when ${coins} < 0 then ${coins} else 0 end), 0)`.as('coinsOut'),
      sql<number>`count(*)`.as('entries'),
    ])
    .executeTakeFirstOrThrow();
  return {
    unplayed: Number(row.unplayed),
    played: Number(row.played),
    usd: Number(row.usd),
    purchases: Number(row.purchases),
    redemptions: Number(row.redemptions),
    otherUsd: Number(row.otherUsd),
    coinsIn: Number(row.coinsIn),
    coinsOut: Number(row.coinsOut),
    entries: Number(row.entries),
  };
}

/** Why a section does not add up (closing - opening against its entries' changes), or null when it does. */
export function mismatch(
  section: Pick<Section, 'casinoName' | 'opening' | 'closing'>,
  sums: Pick<Sums, 'unplayed' | 'played'>,
): string | null {
  const { opening, closing } = section;
  if (closing.unplayed - opening.unplayed === sums.unplayed && closing.played - opening.played === sums.played) return null;
  return `The statement does not add up at ${section.casinoName}: closing minus opening is not the sum of its entries`;
}

/**
 * A statement's frame, checked before a byte is sent: for each of the customer's casinos (or the one
 * asked for), the balances at the end of the day before the range and at the end of its last day
 * (`balancesAsOf`, as the High SC report's "as of" reads them), and what its entries add up to. Closing
 * minus opening must equal the entries' changes, to the cent; otherwise nothing is sent (decision 181).
 */
export async function statementOf(db: Db, input: StatementInput, timeZone: string): Promise<Statement> {
  const customer = await db.selectFrom('customers').select(['id', 'name']).where('id', '=', input.id).executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  let links = db
    .selectFrom('customerCasinos as l')
    .innerJoin('casinos as k', 'k.id', 'l.casinoId')
    .select(['l.casinoId', 'k.name as casinoName'])
    .where('l.customerId', '=', customer.id);
  if (input.casinoId !== undefined) links = links.where('l.casinoId', '=', input.casinoId);
  const casinos = await links.orderBy('k.name').orderBy('l.casinoId').execute();
  if (input.casinoId !== undefined && casinos.length === 0) throw fieldError('casinoId', 'This customer has no account at this casino');
  const frame = { startDate: input.startDate, endDate: input.endDate, timeZone };
  const { from, to } = spanOf(frame);
  const balances = async (day: string) => {
    let q = balancesAsOf(db, day, timeZone).where('l.customerId', '=', customer.id);
    if (input.casinoId !== undefined) q = q.where('l.casinoId', '=', input.casinoId);
    return new Map((await q.execute()).map((r) => [r.casinoId, { unplayed: r.u, played: r.p }]));
  };
  const [opening, closing] = await Promise.all([balances(previousDay(input.startDate)), balances(input.endDate)]);
  const sections: Section[] = [];
  for (const c of casinos) {
    const section = {
      ...c,
      opening: opening.get(c.casinoId) ?? { unplayed: 0, played: 0 },
      closing: closing.get(c.casinoId) ?? { unplayed: 0, played: 0 },
      sums: await sumsOf(db, customer.id, c.casinoId, from, to),
    };
    const problem = mismatch(section, section.sums);
    if (problem) throw new Error(problem);
    sections.push(section);
  }
  return { customerId: customer.id, customerName: customer.name, ...frame, sections };
}

const ENTRY_BATCH = 2000;

/** A section's entries in the ledger's order (date, id), read a batch at a time, each with whether it is a receipt. */
export async function* entriesOf(
  db: Db,
  statement: Statement,
  casinoId: number,
): AsyncIterable<{ entry: StatementEntry; receipt: boolean }> {
  const { from, to } = spanOf(statement);
  const types = new Map((await db.selectFrom('transactionTypes').select(['id', 'name']).execute()).map((t) => [t.id, t.name]));
  let after: { date: string; id: number } | undefined;
  for (;;) {
    let q = inRange(db, statement.customerId, casinoId, from, to).select([
      't.id',
      't.date',
      't.transactionTypeId',
      't.unplayedCoinsChange',
      't.playedCoinsChange',
      't.usdChange',
      't.unplayedCoinsAfter',
      't.playedCoinsAfter',
      't.totalCoinsAfter',
      isReceipt.as('receipt'),
    ]);
    if (after) {
      const last = after;
      q = q.where((eb) => eb.or([eb('t.date', '>', last.date), eb.and([eb('t.date', '=', last.date), eb('t.id', '>', last.id)])]));
    }
    const rows = await q.orderBy('t.date').orderBy('t.id').limit(ENTRY_BATCH).execute();
    for (const r of rows) {
      yield {
        entry: {
          id: r.id,
          date: r.date,
          typeName: types.get(r.transactionTypeId) ?? '',
          unplayedChange: r.unplayedCoinsChange,
          playedChange: r.playedCoinsChange,
          usdChange: r.usdChange,
          unplayedAfter: r.unplayedCoinsAfter,
          playedAfter: r.playedCoinsAfter,
          totalAfter: r.totalCoinsAfter,
        },
        receipt: Number(r.receipt) === 1,
      };
    }
    if (rows.length < ENTRY_BATCH) return;
    after = { date: rows[rows.length - 1].date, id: rows[rows.length - 1].id };
  }
}

/**
 * Every section's entries with a running check: at each section's end the entries streamed must add up
 * to what was checked before sending; a write that landed in between ends the download rather than send
 * a statement that does not add up.
 */
export async function* checkedSections(
  db: Db,
  statement: Statement,
): AsyncIterable<{ kind: 'start'; section: Section } | { kind: 'entry'; entry: StatementEntry } | { kind: 'end'; section: Section }> {
  for (const section of statement.sections) {
    yield { kind: 'start', section };
    let sums = NO_SUMS;
    for await (const { entry, receipt } of entriesOf(db, statement, section.casinoId)) {
      sums = addEntry(sums, entry, receipt);
      yield { kind: 'entry', entry };
    }
    const problem = mismatch(section, sums) ?? (sums.usd === section.sums.usd ? null : `The statement's USD changed while it was written`);
    if (problem) throw new Error(problem);
    yield { kind: 'end', section };
  }
}

/** The customer's totals over every section. */
export const statementTotals = (s: Statement): Sums => s.sections.reduce((t, x) => addSums(t, x.sums), NO_SUMS);
