import { type RawBuilder, sql } from 'kysely';
import { HIGH_SC_USD_FACTOR } from '../../../shared/constants';
import { formatHundredths } from '../../../shared/money';
import { type HIGH_SC_SORTS, type HistorySortColumn, type PARTICIPATION_SORTS, type PROFITABILITY_SORTS, parseSort, type Sort, type SortText } from '../../../shared/sorting';
import type { HighScRow, HighScSummary, Paging, ParticipationRow, ProfitabilityRow, ProfitabilitySummary, TypeReportRow, TypeReportSummary } from '../../../shared/schemas/reports';
import type { TransactionFilters } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { fieldError } from '../../trpc/errors';
import { type Span, spanOf } from '../transactions/day-split';
import { totalsOverSpan, typeTotalsOverSpan } from '../transactions/totals-query';
import { applyTransactionFilters, listTransactions } from '../transactions/transactions.repository';

/** Balances are hundredths of coins: USD value > threshold  <=>  coins > threshold x 1000 x 100. */
export const highScFloor = (thresholdUsd: number) => Math.round(thresholdUsd * HIGH_SC_USD_FACTOR * 100);

type Ordering = [RawBuilder<unknown>, 'asc' | 'desc'][];
const dir = (desc: boolean) => (desc ? 'desc' : 'asc');

/**
 * A High SC sort (decision 044) over the matching links (never transactions): the chosen column, then
 * customer and casino name. `coins` are the unplayed and played balance expressions of the query.
 */
export function highScOrdering(text: SortText<(typeof HIGH_SC_SORTS)[number]> | undefined, unplayed: RawBuilder<number>, played: RawBuilder<number>): Ordering {
  const sort = parseSort(text ?? 'customer');
  const d = dir(sort.desc);
  const names: Ordering = [
    [sql`c.name`, sort.column === 'customer' ? d : 'asc'],
    [sql`k.name`, sort.column === 'casino' ? d : 'asc'],
  ];
  const first: Ordering =
    sort.column === 'unplayed' ? [[unplayed, d]] : sort.column === 'played' ? [[played, d]] : sort.column === 'total' || sort.column === 'usd' ? [[sql`${unplayed} + ${played}`, d]] : [];
  return [...first, ...(sort.column === 'casino' ? [names[1], names[0]] : names)];
}

/**
 * Spec 2.14: links whose (unplayed + played) / 1000 is above the threshold (USD), by customer then casino
 * unless `sort` says otherwise. The cross joins fix the default order: customers in name order (their
 * index), each customer's links by primary key, so a page stops after its rows instead of sorting every
 * matching link; another sort orders the matching links (a link per customer and casino, not transactions).
 */
export async function highSc(db: Db, thresholdUsd: number, page: Paging & { sort?: SortText<(typeof HIGH_SC_SORTS)[number]> } = {}): Promise<HighScRow[]> {
  const ordering = highScOrdering(page.sort, sql<number>`l."currentUnplayedCoins"`, sql<number>`l."currentPlayedCoins"`);
  const rows = await db
    .selectFrom('customers as c')
    .crossJoin('customerCasinos as l')
    .crossJoin('casinos as k')
    .whereRef('l.customerId', '=', 'c.id')
    .whereRef('k.id', '=', 'l.casinoId')
    .where(sql<boolean>`l."currentUnplayedCoins" + l."currentPlayedCoins" > ${highScFloor(thresholdUsd)}`)
    .select(['l.customerId', 'l.casinoId', 'c.name as customerName', 'k.name as casinoName', 'l.currentUnplayedCoins', 'l.currentPlayedCoins'])
    .$call((q) => ordering.reduce((o, [e, d]) => o.orderBy(e, d), q))
    .orderBy('l.customerId')
    .orderBy('l.casinoId')
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

/**
 * Spec 2.14 cards over every matching link (the screen shows one page of rows), summed by SQLite from
 * the coins index alone. Each link's USD value is rounded to the cent as highScUsdHundredths does
 * (half up; every matching total is positive, so integer (coins + factor / 2) / factor is the same; the
 * constants are SQL integer literals, as a bound JavaScript number is a REAL).
 */
export async function highScSummary(db: Db, thresholdUsd: number): Promise<HighScSummary> {
  const half = HIGH_SC_USD_FACTOR / 2;
  const row = await db
    .selectFrom('customerCasinos as l')
    .where(sql<boolean>`l."currentUnplayedCoins" + l."currentPlayedCoins" > ${highScFloor(thresholdUsd)}`)
    .select([
      sql<number>`count(*)`.as('accounts'),
      sql<number>`count(distinct l."customerId")`.as('customers'),
      sql<number>`coalesce(sum((l."currentUnplayedCoins" + l."currentPlayedCoins" + ${sql.lit(half)}) / ${sql.lit(HIGH_SC_USD_FACTOR)}), 0)`.as('usd'),
    ])
    .executeTakeFirstOrThrow();
  return { accounts: Number(row.accounts), uniqueCustomers: Number(row.customers), totalUSD: formatHundredths(Number(row.usd)) };
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

/** A Profitability sort (decision 044) over the pairs: the chosen column, then total USD, customer and casino. */
function profitabilityOrdering(text: SortText<(typeof PROFITABILITY_SORTS)[number]> | undefined): Ordering {
  const sort = parseSort(text ?? '-usd');
  const d = dir(sort.desc);
  const byColumn = {
    customer: sql`c.name collate nocase`,
    casino: sql`k.name collate nocase`,
    usd: sql`g.usd`,
    count: sql`g.n`,
    avg: sql`g.usd * 1.0 / g.n`,
  }[sort.column];
  return [[byColumn, d], [sql`g.usd`, 'desc'], [sql`c.name collate nocase`, 'asc'], [sql`k.name collate nocase`, 'asc']];
}

/** Spec 2.15: by total USD descending (then customer and casino name) unless `sort` says otherwise, paged when asked. */
export async function profitability(db: Db, f: TransactionFilters & Paging & { sort?: SortText<(typeof PROFITABILITY_SORTS)[number]> }, timeZone: string): Promise<ProfitabilityRow[]> {
  const rows = await db
    .selectFrom(profitabilitySource(db, f, timeZone))
    .innerJoin('customers as c', 'c.id', 'g.customerId')
    .innerJoin('casinos as k', 'k.id', 'g.casinoId')
    .select(['g.customerId', 'g.casinoId', 'c.name as customerName', 'k.name as casinoName', 'g.usd', 'g.n'])
    .$call((q) => profitabilityOrdering(f.sort).reduce((o, [e, d]) => o.orderBy(e, d), q))
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

/** Decision 041: the casinos that count in the Participation report, active with the master's link active. */
function masterCasinoIds(db: Db, masterId: number) {
  return db
    .selectFrom('customerCasinos as m')
    .innerJoin('casinos as mk', 'mk.id', 'm.casinoId')
    .select('m.casinoId')
    .where('m.customerId', '=', masterId)
    .where('m.status', '=', 'active')
    .where('mk.isActive', '=', 1);
}

/** The same casinos with their names, for Create missing links. */
export function masterCasinosOf(db: Db, masterId: number) {
  return db.selectFrom('casinos as k').select(['k.id', 'k.name', 'k.website']).where('k.id', 'in', masterCasinoIds(db, masterId)).orderBy('k.name').execute();
}

/**
 * Spec 2.16: for every other active customer, the master's casinos where this customer has no link. The
 * master's casinos are the active casinos where the master's link is active; any link, whatever its
 * status, registers a customer (decision 041). One set query finds every missing (customer, casino)
 * pair (each a primary-key probe of the links), not a loop per customer.
 */
export async function participation(db: Db, masterId: number, sortText?: SortText<(typeof PARTICIPATION_SORTS)[number]>): Promise<ParticipationRow[]> {
  const master = await db.selectFrom('customers').select('id').where('id', '=', masterId).executeTakeFirst();
  if (!master) throw fieldError('masterUserId', 'Customer not found');
  const masterCasinos = masterCasinoIds(db, masterId);
  const totalCasinos = Number((await db.selectFrom(masterCasinos.as('mc')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const others = (q: ReturnType<typeof db.selectFrom<'customers as c'>>) => q.where('c.id', '!=', masterId).where('c.isActive', '=', 1);
  const customers = await others(db.selectFrom('customers as c')).select(['c.id', 'c.name', 'c.email']).orderBy('c.name').orderBy('c.id').execute();
  const missing = await others(db.selectFrom('customers as c'))
    .innerJoin('casinos as k', (join) => join.on('k.id', 'in', masterCasinos))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customerCasinos as l')
            .select('l.casinoId')
            .whereRef('l.customerId', '=', 'c.id')
            .whereRef('l.casinoId', '=', 'k.id'),
        ),
      ),
    )
    .select(['c.id as customerId', 'k.name', 'k.website'])
    .orderBy('k.name')
    .execute();
  const missingOf = new Map<number, { name: string; website: string | null }[]>();
  for (const m of missing) {
    let list = missingOf.get(m.customerId);
    if (!list) missingOf.set(m.customerId, (list = []));
    list.push({ name: m.name, website: m.website });
  }
  const rows = customers.map((c) => ({
    customerId: c.id,
    customer: { name: c.name, email: c.email },
    customerName: c.name,
    totalCasinos,
    missingCasinos: missingOf.get(c.id) ?? [],
  }));
  // Sorted here, over every row of the report (the rows are in name order already).
  const sort = parseSort(sortText ?? 'customer');
  if (sort.column === 'customer') return sort.desc ? rows.reverse() : rows;
  const sign = sort.desc ? -1 : 1;
  return rows.sort((a, b) => sign * (a.missingCasinos.length - b.missingCasinos.length));
}

/** How many customers have a transaction in the span: one seek per customer on (customerId, date). */
async function customersInSpan(db: Db, span: Span): Promise<number> {
  if (span.from === undefined && span.to === undefined) {
    const row = await db
      .selectFrom('customers as c')
      .where(({ exists, selectFrom }) => exists(selectFrom('customerCasinos as l').select('l.casinoId').whereRef('l.customerId', '=', 'c.id').where('l.transactionCount', '>', 0)))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('customers as c')
    .where(({ exists, selectFrom }) => {
      let q = selectFrom('transactions as tx').select('tx.id').whereRef('tx.customerId', '=', 'c.id');
      if (span.from !== undefined) q = q.where('tx.date', '>=', span.from);
      if (span.to !== undefined) q = q.where('tx.date', '<', span.to);
      return exists(q);
    })
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The earliest and latest date in the span, each one seek on the date index. */
async function dateBounds(db: Db, span: Span): Promise<{ first: string | null; last: string | null }> {
  const bound = (dir: 'asc' | 'desc') => {
    let q = db.selectFrom('transactions').select('date').orderBy('date', dir).limit(1);
    if (span.from !== undefined) q = q.where('date', '>=', span.from);
    if (span.to !== undefined) q = q.where('date', '<', span.to);
    return q.executeTakeFirst();
  };
  return { first: (await bound('asc'))?.date ?? null, last: (await bound('desc'))?.date ?? null };
}

/** One type's totals, read from its covering index (type, date, customer, USD) alone. */
async function oneTypeTotals(db: Db, typeId: number, span: Span) {
  let q = db
    .selectFrom('transactions')
    .where('transactionTypeId', '=', typeId)
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum("usdChange"), 0)`.as('usd'),
      sql<number>`count(distinct "customerId")`.as('customers'),
      sql<string | null>`min(date)`.as('first'),
      sql<string | null>`max(date)`.as('last'),
    ]);
  if (span.from !== undefined) q = q.where('date', '>=', span.from);
  if (span.to !== undefined) q = q.where('date', '<', span.to);
  const row = await q.executeTakeFirstOrThrow();
  const n = Number(row.n);
  return {
    totals: { transactionCount: n, usdTotal: Number(row.usd) },
    customers: Number(row.customers),
    bounds: { first: row.first, last: row.last },
    byType: new Map(n > 0 ? [[typeId, { transactionCount: n, usdTotal: Number(row.usd) }]] : []),
  };
}

/**
 * Spec 2.17 totals, per type and overall, without a scan of transactions (decision 021): one type
 * from its covering index, all types from the kept per-day and per-type totals.
 */
export async function typeReportSummary(db: Db, f: TransactionFilters, timeZone: string): Promise<TypeReportSummary> {
  const span = spanOf(f, timeZone);
  const { totals, customers, bounds, byType } =
    f.transactionTypeId !== undefined
      ? await oneTypeTotals(db, f.transactionTypeId, span)
      : {
          totals: await totalsOverSpan(db, span),
          customers: await customersInSpan(db, span),
          bounds: await dateBounds(db, span),
          byType: await typeTotalsOverSpan(db, span),
        };
  const types = byType.size
    ? await db
        .selectFrom('transactionTypes as t')
        .leftJoin('casinos as k', 'k.id', 't.casinoId')
        .select(['t.id', 't.name as typeName', 'k.name as casinoName'])
        .where('t.id', 'in', [...byType.keys()])
        .orderBy('t.name')
        .orderBy('k.name')
        .execute()
    : [];
  return {
    transactionCount: totals.transactionCount,
    totalUSD: formatHundredths(totals.usdTotal),
    uniqueCustomers: customers,
    firstDate: bounds.first,
    lastDate: bounds.last,
    byType: types.map((t) => ({
      transactionTypeId: t.id,
      transactionTypeName: t.typeName,
      casinoName: t.casinoName ?? 'Unknown casino',
      transactionCount: byType.get(t.id)?.transactionCount ?? 0,
      totalUSD: formatHundredths(byType.get(t.id)?.usdTotal ?? 0),
    })),
  };
}

/** Spec 2.17 rows: the matching transactions, newest first (or as `sort` says, as History), at most `limit`, with their type's totals. */
export async function typeReportRows(db: Db, f: TransactionFilters, timeZone: string, limit: number, sort?: Sort<HistorySortColumn>): Promise<TypeReportRow[]> {
  const [rows, summary] = await Promise.all([listTransactions(db, f, timeZone, limit, 0, undefined, undefined, sort), typeReportSummary(db, f, timeZone)]);
  const totals = new Map(summary.byType.map((t) => [t.transactionTypeId, t]));
  return rows.map((t) => ({
    ...t,
    transactionTypeName: t.transactionType.name,
    casinoName: t.casino.name,
    transactionCount: totals.get(t.transactionTypeId)?.transactionCount ?? 0,
    totalUSD: totals.get(t.transactionTypeId)?.totalUSD ?? '0.00',
  }));
}
