import { sql } from 'kysely';
import { HIGH_SC_USD_FACTOR } from '../../../shared/constants';
import { formatHundredths } from '../../../shared/money';
import { highScUsdHundredths } from '../../../shared/ledger';
import type { HighScRow, HighScSummary, Paging, ParticipationRow, ProfitabilityRow, ProfitabilitySummary, TypeReportRow, TypeReportSummary } from '../../../shared/schemas/reports';
import type { TransactionFilters } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { fieldError } from '../../trpc/errors';
import { applyTransactionFilters, listTransactions } from '../transactions/transactions.repository';

/** Balances are hundredths of coins: USD value > threshold  <=>  coins > threshold x 1000 x 100. */
const highScFloor = (thresholdUsd: number) => Math.round(thresholdUsd * HIGH_SC_USD_FACTOR * 100);

function highScLinks(db: Db, thresholdUsd: number) {
  return db
    .selectFrom('customerCasinos as l')
    .where(sql<boolean>`l."currentUnplayedCoins" + l."currentPlayedCoins" > ${highScFloor(thresholdUsd)}`);
}

/** Spec 2.14: links whose (unplayed + played) / 1000 is above the threshold (USD), by customer then casino. */
export async function highSc(db: Db, thresholdUsd: number, page: Paging = {}): Promise<HighScRow[]> {
  const rows = await highScLinks(db, thresholdUsd)
    .innerJoin('customers as c', 'c.id', 'l.customerId')
    .innerJoin('casinos as k', 'k.id', 'l.casinoId')
    .select(['l.customerId', 'l.casinoId', 'c.name as customerName', 'k.name as casinoName', 'l.currentUnplayedCoins', 'l.currentPlayedCoins'])
    .orderBy('c.name')
    .orderBy('k.name')
    .orderBy('l.customerId')
    .$call((q) => pageOf(q, page))
    .execute();
  return rows.map((r) => ({
    customerId: r.customerId,
    customerName: r.customerName,
    casinoId: r.casinoId,
    casinoName: r.casinoName,
    totalCoins: formatHundredths(r.currentUnplayedCoins),
    playedCoins: formatHundredths(r.currentPlayedCoins),
  }));
}

/** Spec 2.14 cards over every matching link (the screen shows one page of rows). */
export async function highScSummary(db: Db, thresholdUsd: number): Promise<HighScSummary> {
  const rows = await highScLinks(db, thresholdUsd).select(['l.customerId', 'l.currentUnplayedCoins', 'l.currentPlayedCoins']).execute();
  return {
    accounts: rows.length,
    uniqueCustomers: new Set(rows.map((r) => r.customerId)).size,
    totalUSD: formatHundredths(rows.reduce((sum, r) => sum + highScUsdHundredths(r.currentUnplayedCoins, r.currentPlayedCoins), 0)),
  };
}

/** Limit and offset when given (a report without them returns every row). */
function pageOf<Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, page: Paging): Q {
  if (page.limit === undefined && page.offset === undefined) return q;
  return q.limit(page.limit ?? -1).offset(page.offset ?? 0);
}

/**
 * One row per customer-casino pair with transactions: without a date range the links' maintained
 * totals, with one the matching transactions grouped by pair. (The grouping keys are written as
 * expressions so SQLite walks the date index for the range instead of the whole pair index.)
 */
function profitabilitySource(db: Db, f: TransactionFilters, timeZone: string) {
  if (!f.startDate && !f.endDate) {
    let q = db
      .selectFrom('customerCasinos as l')
      .select(['l.customerId', 'l.casinoId', 'l.usdTotal as usd', 'l.transactionCount as n'])
      .where('l.transactionCount', '>', 0);
    if (f.customerId !== undefined) q = q.where('l.customerId', '=', f.customerId);
    if (f.casinoId !== undefined) q = q.where('l.casinoId', '=', f.casinoId);
    return q.as('g');
  }
  return applyTransactionFilters(db.selectFrom('transactions'), f, timeZone)
    .select((eb) => ['transactions.customerId', 'transactions.casinoId', eb.fn.sum<number>('transactions.usdChange').as('usd'), eb.fn.countAll<number>().as('n')])
    .groupBy([sql`"transactions"."customerId" + 0`, sql`"transactions"."casinoId" + 0`])
    .as('g');
}

/** Spec 2.15: by total USD descending (then customer and casino name), paged when asked. */
export async function profitability(db: Db, f: TransactionFilters & Paging, timeZone: string): Promise<ProfitabilityRow[]> {
  const rows = await db
    .selectFrom(profitabilitySource(db, f, timeZone))
    .innerJoin('customers as c', 'c.id', 'g.customerId')
    .innerJoin('casinos as k', 'k.id', 'g.casinoId')
    .select(['g.customerId', 'g.casinoId', 'c.name as customerName', 'k.name as casinoName', 'g.usd', 'g.n'])
    .orderBy('g.usd', 'desc')
    .orderBy(sql`c.name collate nocase`)
    .orderBy(sql`k.name collate nocase`)
    .$call((q) => pageOf(q, f))
    .execute();
  return rows.map((r) => ({
    customerId: r.customerId,
    casinoId: r.casinoId,
    customerName: r.customerName,
    casinoName: r.casinoName,
    totalUSD: formatHundredths(Number(r.usd)),
    transactionCount: Number(r.n),
  }));
}

/** Spec 2.15 cards over every matching pair; Profitable is a total above zero, Loss below (shared/ledger profitStatus). */
export async function profitabilitySummary(db: Db, f: TransactionFilters, timeZone: string): Promise<ProfitabilitySummary> {
  const row = await db
    .selectFrom(profitabilitySource(db, f, timeZone))
    .select([
      sql<number>`coalesce(sum(g.usd), 0)`.as('total'),
      sql<number>`coalesce(sum(g.usd > 0), 0)`.as('profitable'),
      sql<number>`coalesce(sum(g.usd < 0), 0)`.as('loss'),
      sql<number>`count(*)`.as('entries'),
    ])
    .executeTakeFirstOrThrow();
  return { totalUSD: formatHundredths(Number(row.total)), profitable: Number(row.profitable), loss: Number(row.loss), entries: Number(row.entries) };
}

/**
 * Spec 2.16: for every other active customer, the casinos the master customer is registered at (a link
 * that is not inactive) where this customer is not.
 */
/** The casinos that count in the Participation report: active, and the master's link to them active. */
export function masterCasinosOf(db: Db, masterId: number) {
  return db
    .selectFrom('casinos as k')
    .innerJoin('customerCasinos as l', (j) => j.onRef('l.casinoId', '=', 'k.id').on('l.customerId', '=', masterId).on('l.status', '=', 'active'))
    .where('k.isActive', '=', 1)
    .select(['k.id', 'k.name', 'k.website'])
    .orderBy('k.name')
    .execute();
}

export async function participation(db: Db, masterId: number): Promise<ParticipationRow[]> {
  const master = await db.selectFrom('customers').select('id').where('id', '=', masterId).executeTakeFirst();
  if (!master) throw fieldError('masterUserId', 'Customer not found');
  // Decision 041: the master's casinos are the active casinos where the master's link is active; a
  // customer is registered at a casino when any link to it exists, whatever its status.
  const registered = await db.selectFrom('customerCasinos').select(['customerId', 'casinoId']).execute();
  const casinosOf = new Map<number, Set<number>>();
  for (const r of registered) {
    let set = casinosOf.get(r.customerId);
    if (!set) casinosOf.set(r.customerId, (set = new Set()));
    set.add(r.casinoId);
  }
  const masterCasinos = await masterCasinosOf(db, masterId);
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'name', 'email'])
    .where('id', '!=', masterId)
    .where('isActive', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return customers.map((c) => {
    const mine = casinosOf.get(c.id) ?? new Set<number>();
    return {
      customerId: c.id,
      customer: { name: c.name, email: c.email },
      customerName: c.name,
      totalCasinos: masterCasinos.length,
      missingCasinos: masterCasinos.filter((k) => !mine.has(k.id)).map((k) => ({ name: k.name, website: k.website })),
    };
  });
}

/** Spec 2.17 totals: counts and sums over every matching transaction, per type and overall. */
export async function typeReportSummary(db: Db, f: TransactionFilters, timeZone: string): Promise<TypeReportSummary> {
  const base = applyTransactionFilters(db.selectFrom('transactions'), f, timeZone);
  const totals = await base
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('transactions.usdChange').as('usd'),
      eb.fn.count<number>('transactions.customerId').distinct().as('customers'),
      eb.fn.min<string>('transactions.date').as('first'),
      eb.fn.max<string>('transactions.date').as('last'),
    ])
    .executeTakeFirstOrThrow();
  const byType = await db
    .selectFrom(
      base
        .select((eb) => ['transactions.transactionTypeId', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('transactions.usdChange').as('usd')])
        .groupBy('transactions.transactionTypeId')
        .as('g'),
    )
    .innerJoin('transactionTypes as t', 't.id', 'g.transactionTypeId')
    .leftJoin('casinos as k', 'k.id', 't.casinoId')
    .select(['g.transactionTypeId', 't.name as typeName', 'k.name as casinoName', 'g.n', 'g.usd'])
    .orderBy('t.name')
    .orderBy('k.name')
    .execute();
  return {
    transactionCount: Number(totals.n),
    totalUSD: formatHundredths(Number(totals.usd ?? 0)),
    uniqueCustomers: Number(totals.customers),
    firstDate: totals.first ?? null,
    lastDate: totals.last ?? null,
    byType: byType.map((t) => ({
      transactionTypeId: t.transactionTypeId,
      transactionTypeName: t.typeName,
      casinoName: t.casinoName ?? 'Unknown casino',
      transactionCount: Number(t.n),
      totalUSD: formatHundredths(Number(t.usd ?? 0)),
    })),
  };
}

/** Spec 2.17 rows: the matching transactions, newest first, at most `limit`, with their type's totals. */
export async function typeReportRows(db: Db, f: TransactionFilters, timeZone: string, limit: number): Promise<TypeReportRow[]> {
  const [rows, summary] = await Promise.all([listTransactions(db, f, timeZone, limit), typeReportSummary(db, f, timeZone)]);
  const totals = new Map(summary.byType.map((t) => [t.transactionTypeId, t]));
  return rows.map((t) => ({
    ...t,
    transactionTypeName: t.transactionType.name,
    casinoName: t.casino.name,
    transactionCount: totals.get(t.transactionTypeId)?.transactionCount ?? 0,
    totalUSD: totals.get(t.transactionTypeId)?.totalUSD ?? '0.00',
  }));
}
