import { type RawBuilder, sql } from 'kysely';
import { HIGH_SC_USD_FACTOR } from '../../../shared/constants';
import { formatHundredths } from '../../../shared/money';
import {
  type HIGH_SC_SORTS,
  type HistorySortColumn,
  type PARTICIPATION_SORTS,
  type PROFITABILITY_SORTS,
  parseSort,
  type Sort,
  type SortText,
} from '../../../shared/sorting';
import type { HighScRow, Paging, ParticipationRow, ProfitabilityRow, TypeReportRow } from '../../../shared/schemas/reports';
import type { TransactionFilters } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { fieldError } from '../../errors/domain-errors';
import { sqliteOf } from '../../db/database';
import { type Span, spanOf } from '../transactions/day-split';
import { type PairColumns, pairRangesOf } from './pair-ranges';
import { linkBalancesOf } from './link-balances';
import { totalsOverSpan, typeTotalsOverSpan } from '../transactions/totals-query';
import { listTransactions, typesNamed } from '../transactions/transactions.repository';

/** Balances are hundredths of coins: USD value > threshold  <=>  coins > threshold x 1000 x 100. */
export const highScFloor = (thresholdUsd: number) => Math.round(thresholdUsd * HIGH_SC_USD_FACTOR * 100);

type Ordering = [RawBuilder<unknown>, 'asc' | 'desc'][];
const dir = (desc: boolean) => (desc ? 'desc' : 'asc');

/**
 * A High SC sort (decision 044) over the matching links (never transactions): the chosen column, then
 * customer and casino name. `coins` are the unplayed and played balance expressions of the query.
 */
export function highScOrdering(
  text: SortText<(typeof HIGH_SC_SORTS)[number]> | undefined,
  unplayed: RawBuilder<number>,
  played: RawBuilder<number>,
): Ordering {
  const sort = parseSort(text ?? 'customer');
  const d = dir(sort.desc);
  const names: Ordering = [
    [sql`c.name`, sort.column === 'customer' ? d : 'asc'],
    [sql`k.name`, sort.column === 'casino' ? d : 'asc'],
  ];
  const first: Ordering =
    sort.column === 'unplayed'
      ? [[unplayed, d]]
      : sort.column === 'played'
        ? [[played, d]]
        : sort.column === 'total' || sort.column === 'usd'
          ? [[sql`${unplayed} + ${played}`, d]]
          : [];
  return [...first, ...(sort.column === 'casino' ? [names[1], names[0]] : names)];
}

/** Below this many matching links a page is found through the coins index and sorted; above, by walking names. */
const FEW_HIGH_BALANCES = 2000;

/**
 * Spec 2.14: links whose (unplayed + played) / 1000 is above the threshold (USD), by customer then casino
 * unless `sort` says otherwise (the matching links are sorted: links, never transactions). In name order
 * with many matches, the cross joins fix the order (customers in name order, their index; each
 * customer's links by primary key), so a page stops after its rows; with few (a high threshold), they are
 * found by a range seek on the coins index and sorted.
 */
export async function highSc(
  db: Db,
  thresholdUsd: number,
  page: Paging & { sort?: SortText<(typeof HIGH_SC_SORTS)[number]> } = {},
  fewLimit = FEW_HIGH_BALANCES,
): Promise<HighScRow[]> {
  const floor = highScFloor(thresholdUsd);
  const coins = sql<number>`l."currentUnplayedCoins" + l."currentPlayedCoins"`;
  const ordering = highScOrdering(page.sort, sql<number>`l."currentUnplayedCoins"`, sql<number>`l."currentPlayedCoins"`);
  const seek = db
    .selectFrom('customerCasinos as l')
    .select(sql<number>`1`.as('one'))
    .where(coins, '>', floor)
    .limit(fewLimit + 1);
  const matches = Number(
    (
      await db
        .selectFrom(seek.as('m'))
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const walk = matches > fewLimit && (page.sort ?? 'customer') === 'customer';
  const rows = await (
    walk
      ? db
          .selectFrom('customers as c')
          .crossJoin('customerCasinos as l')
          .crossJoin('casinos as k')
          .whereRef('l.customerId', '=', 'c.id')
          .whereRef('k.id', '=', 'l.casinoId')
      : db
          .selectFrom('customerCasinos as l')
          .innerJoin('customers as c', 'c.id', 'l.customerId')
          .innerJoin('casinos as k', 'k.id', 'l.casinoId')
  )
    // In the walk, "+ 0" keeps SQLite off the coins index inside the loop (it would range-scan it per customer).
    .where(walk ? sql<number>`${coins} + 0` : coins, '>', floor)
    .select([
      'l.customerId',
      'l.casinoId',
      'c.name as customerName',
      'k.name as casinoName',
      'l.currentUnplayedCoins',
      'l.currentPlayedCoins',
    ])
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
 * Spec 2.14 cards over every matching link (the screen shows one page of rows), from the link balances
 * this thread keeps (decision 026). Each link's USD value is rounded to the cent as highScUsdHundredths
 * does (half up; every matching total is positive).
 */
export async function highScSummary(db: Db, thresholdUsd: number) {
  const { accounts, customers, usd } = linkBalancesOf(sqliteOf(db)).above(highScFloor(thresholdUsd));
  return { accounts, uniqueCustomers: customers, totalUSD: formatHundredths(usd) };
}

/** The High SC cards: accounts, unique customers, and the sum of the rows' USD values (each rounded to the cent). */
export type HighScSummary = Awaited<ReturnType<typeof highScSummary>>;

/** Limit and offset when given (a report without them returns every row). */
function pageOf<Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, page: Paging): Q {
  if (page.limit === undefined && page.offset === undefined) return q;
  return q.limit(page.limit ?? -1).offset(page.offset ?? 0);
}

/** Profitability without a date range: the links' maintained totals, one row per pair with transactions. */
function linkTotals(db: Db, f: TransactionFilters) {
  let q = db
    .selectFrom('customerCasinos as l')
    .select(['l.customerId', 'l.casinoId', 'l.usdTotal as usd', 'l.transactionCount as n'])
    .where('l.transactionCount', '>', 0);
  if (f.customerId !== undefined) q = q.where('l.customerId', '=', f.customerId);
  if (f.casinoId !== undefined) q = q.where('l.casinoId', '=', f.casinoId);
  return q.as('g');
}

/**
 * Whether Profitability reads the range columns (decision 023): a start or end date is set. Its read is
 * declared on the range thread by this same test (reports.reads.ts): the other threads never build them.
 */
export const hasRange = (f: Pick<TransactionFilters, 'startDate' | 'endDate'>) => Boolean(f.startDate || f.endDate);

/** Profitability with a date range: each pair's totals over the span, from the read thread's range columns (decision 023). */
function rangedPairs(db: Db, f: TransactionFilters, timeZone: string): PairColumns {
  return pairRangesOf(sqliteOf(db)).columns(spanOf(f, timeZone), f);
}

/** SQLite's NOCASE: ASCII letters folded, nothing else. */
const nocase = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Names by id, of the given ids or of every row. */
async function namesOf(db: Db, table: 'customers' | 'casinos', ids?: number[]): Promise<Map<number, string>> {
  if (ids?.length === 0) return new Map();
  let q = db.selectFrom(table).select(['id', 'name']);
  if (ids) q = q.where('id', 'in', ids);
  return new Map((await q.execute()).map((r) => [r.id, r.name]));
}

/** Each name's place in NOCASE order (equal names share one), by id. */
function nameRanks(names: Map<number, string>): Map<number, number> {
  const keys = [...new Set([...names.values()].map(nocase))].sort(byText);
  const rankOf = new Map(keys.map((k, i) => [k, i]));
  return new Map([...names].map(([id, name]) => [id, rankOf.get(nocase(name))!]));
}

/**
 * Ranged pairs in a Profitability order (decision 044; by default total USD descending), then total USD,
 * customer and casino name (SQLite's NOCASE), rows `offset` to `end`. Only the pairs whose sort column is
 * at or before the end-th pair's can be on the page (a number per pair: a total, a count, an average or
 * the place of a name): only those are named and sorted in full.
 */
async function rankedPage(
  db: Db,
  pairs: PairColumns,
  offset: number,
  end: number,
  sortText?: ProfitabilitySort,
): Promise<ProfitabilityRow[]> {
  const sort = parseSort(sortText ?? '-usd');
  const customerNames = sort.column === 'customer' ? await namesOf(db, 'customers') : undefined;
  const casinoNames = sort.column === 'casino' ? await namesOf(db, 'casinos') : undefined;
  const ranks = nameRanks(customerNames ?? casinoNames ?? new Map());
  const primary: Record<typeof sort.column, (i: number) => number> = {
    customer: (i) => ranks.get(pairs.customerId[i]) ?? Infinity,
    casino: (i) => ranks.get(pairs.casinoId[i]) ?? Infinity,
    usd: (i) => pairs.usd[i],
    count: (i) => pairs.n[i],
    avg: (i) => pairs.usd[i] / pairs.n[i],
  };
  // Ascending keys in the page's order: a descending sort negates them.
  const sign = sort.desc ? -1 : 1;
  const key = new Float64Array(pairs.size);
  for (let i = 0; i < pairs.size; i++) key[i] = sign * primary[sort.column](i);
  const last = end < pairs.size ? key.slice().sort()[end - 1] : Infinity;
  const candidates: number[] = [];
  for (let i = 0; i < pairs.size; i++) if (key[i] <= last) candidates.push(i);
  const customers = customerNames ?? (await namesOf(db, 'customers', [...new Set(candidates.map((i) => pairs.customerId[i]))]));
  const casinos = casinoNames ?? (await namesOf(db, 'casinos', [...new Set(candidates.map((i) => pairs.casinoId[i]))]));
  const rows = candidates
    .filter((i) => customers.has(pairs.customerId[i]) && casinos.has(pairs.casinoId[i]))
    .map((i) => {
      const [customerName, casinoName] = [customers.get(pairs.customerId[i])!, casinos.get(pairs.casinoId[i])!];
      return {
        customerId: pairs.customerId[i],
        casinoId: pairs.casinoId[i],
        usd: pairs.usd[i],
        n: pairs.n[i],
        customerName,
        casinoName,
        customerKey: nocase(customerName),
        casinoKey: nocase(casinoName),
        key: key[i],
      };
    });
  rows.sort(
    (a, b) =>
      a.key - b.key ||
      b.usd - a.usd ||
      byText(a.customerKey, b.customerKey) ||
      byText(a.casinoKey, b.casinoKey) ||
      a.customerId - b.customerId ||
      a.casinoId - b.casinoId,
  );
  return rows.slice(offset, end).map(toProfitabilityRow);
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
  return [
    [byColumn, d],
    [sql`g.usd`, 'desc'],
    [sql`c.name collate nocase`, 'asc'],
    [sql`k.name collate nocase`, 'asc'],
  ];
}

type ProfitabilitySort = SortText<(typeof PROFITABILITY_SORTS)[number]>;
const isDefaultProfitabilitySort = (sort: ProfitabilitySort | undefined) => sort === undefined || sort === '-usd';

/**
 * Spec 2.15: by total USD descending (then customer and casino name) unless `sort` says otherwise, paged
 * when asked. With a date range, from the range columns (decision 023); without, from the links' totals:
 * in the default order by walking their USD index (a page stops after its rows; names order only equal
 * totals), in another by sorting the pairs (links, never transactions).
 */
export async function profitability(
  db: Db,
  f: TransactionFilters & Paging & { sort?: ProfitabilitySort },
  timeZone: string,
): Promise<ProfitabilityRow[]> {
  if (hasRange(f)) {
    const pairs = rangedPairs(db, f, timeZone);
    const offset = f.offset ?? 0;
    return rankedPage(db, pairs, offset, f.limit === undefined ? pairs.size : offset + f.limit, f.sort);
  }
  if (!isDefaultProfitabilitySort(f.sort)) {
    const sorted = await db
      .selectFrom(linkTotals(db, f))
      .innerJoin('customers as c', 'c.id', 'g.customerId')
      .innerJoin('casinos as k', 'k.id', 'g.casinoId')
      .select(['g.customerId', 'g.casinoId', 'c.name as customerName', 'k.name as casinoName', 'g.usd', 'g.n'])
      .$call((q) => profitabilityOrdering(f.sort).reduce((o, [e, d]) => o.orderBy(e, d), q))
      .$call((q) => pageOf(q, f))
      .execute();
    return sorted.map(toProfitabilityRow);
  }
  // Links first, in USD order (their index), so a page stops after its rows; names order only equal totals.
  let q = db
    .selectFrom('customerCasinos as l')
    .crossJoin('customers as c')
    .crossJoin('casinos as k')
    .whereRef('c.id', '=', 'l.customerId')
    .whereRef('k.id', '=', 'l.casinoId')
    .where('l.transactionCount', '>', 0);
  if (f.customerId !== undefined) q = q.where('l.customerId', '=', f.customerId);
  if (f.casinoId !== undefined) q = q.where('l.casinoId', '=', f.casinoId);
  const rows = await q
    .select([
      'l.customerId',
      'l.casinoId',
      'c.name as customerName',
      'k.name as casinoName',
      'l.usdTotal as usd',
      'l.transactionCount as n',
    ])
    .orderBy('l.usdTotal', 'desc')
    .orderBy(sql`c.name collate nocase`)
    .orderBy(sql`k.name collate nocase`)
    .$call((q) => pageOf(q, f))
    .execute();
  return rows.map(toProfitabilityRow);
}

function toProfitabilityRow(r: {
  customerId: number;
  casinoId: number;
  customerName: string;
  casinoName: string;
  usd: number;
  n: number;
}): ProfitabilityRow {
  return {
    customerId: r.customerId,
    casinoId: r.casinoId,
    customerName: r.customerName,
    casinoName: r.casinoName,
    totalUSD: formatHundredths(Number(r.usd)),
    transactionCount: Number(r.n),
  };
}

/**
 * The cards over every pair without a filter: the total from the kept per-type totals, the counts by
 * range seeks on the links' USD index (a non-zero total means the pair has transactions).
 */
async function allPairsSummary(db: Db) {
  const count = async (
    where: (q: ReturnType<typeof db.selectFrom<'customerCasinos as l'>>) => ReturnType<typeof db.selectFrom<'customerCasinos as l'>>,
  ) =>
    Number(
      (
        await where(db.selectFrom('customerCasinos as l'))
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const total = await db
    .selectFrom('typeTotals')
    .select(sql<number>`coalesce(sum("usdTotal"), 0)`.as('usd'))
    .executeTakeFirstOrThrow();
  const profitable = await count((q) => q.where('l.usdTotal', '>', 0));
  const loss = await count((q) => q.where('l.usdTotal', '<', 0));
  const even = await count((q) => q.where('l.usdTotal', '=', 0).where('l.transactionCount', '>', 0));
  return { totalUSD: formatHundredths(Number(total.usd)), profitable, loss, entries: profitable + loss + even };
}

/** Spec 2.15 cards over every matching pair; Profitable is a total above zero, Loss below (shared/ledger profitStatus). */
export async function profitabilitySummary(db: Db, f: TransactionFilters, timeZone: string) {
  if (hasRange(f)) {
    const { size, usd } = rangedPairs(db, f, timeZone);
    let total = 0;
    let profitable = 0;
    let loss = 0;
    for (let i = 0; i < size; i++) {
      total += usd[i];
      if (usd[i] > 0) profitable += 1;
      else if (usd[i] < 0) loss += 1;
    }
    return { totalUSD: formatHundredths(total), profitable, loss, entries: size };
  }
  if (f.customerId === undefined && f.casinoId === undefined) return allPairsSummary(db);
  const row = await db
    .selectFrom(linkTotals(db, f))
    .select([
      sql<number>`coalesce(sum(g.usd), 0)`.as('total'),
      sql<number>`coalesce(sum(g.usd > 0), 0)`.as('profitable'),
      sql<number>`coalesce(sum(g.usd < 0), 0)`.as('loss'),
      sql<number>`count(*)`.as('entries'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalUSD: formatHundredths(Number(row.total)),
    profitable: Number(row.profitable),
    loss: Number(row.loss),
    entries: Number(row.entries),
  };
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
  return db
    .selectFrom('casinos as k')
    .select(['k.id', 'k.name', 'k.website'])
    .where('k.id', 'in', masterCasinoIds(db, masterId))
    .orderBy('k.name')
    .execute();
}

/** The customers the Participation report compares with the master: every other active one. */
function othersOf(db: Db, masterId: number) {
  return db.selectFrom('customers as c').where('c.id', '!=', masterId).where('c.isActive', '=', 1);
}

async function requireMaster(db: Db, masterId: number): Promise<void> {
  const master = await db.selectFrom('customers').select('id').where('id', '=', masterId).executeTakeFirst();
  if (!master) throw fieldError('masterUserId', 'Customer not found');
}

async function countMasterCasinos(db: Db, masterId: number): Promise<number> {
  return Number(
    (
      await db
        .selectFrom(masterCasinoIds(db, masterId).as('mc'))
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/**
 * Spec 2.16: for every other active customer (by name, paged when asked), the master's casinos where
 * this customer has no link. The master's casinos are the active casinos where the master's link is
 * active; any link, whatever its status, registers a customer (decision 041). One set query finds the
 * page's missing (customer, casino) pairs (each a primary-key probe of the links), not a loop per customer.
 */
export async function participation(
  db: Db,
  masterId: number,
  page: Paging = {},
  sortText?: SortText<(typeof PARTICIPATION_SORTS)[number]>,
): Promise<ParticipationRow[]> {
  await requireMaster(db, masterId);
  const masterCasinos = masterCasinoIds(db, masterId);
  const totalCasinos = await countMasterCasinos(db, masterId);
  // Sorted over every compared customer before the page is cut (decision 044): by name, or by how many
  // of the master's casinos each misses (its links there counted on its primary key), then by name.
  const sort = parseSort(sortText ?? 'customer');
  const d = dir(sort.desc);
  let list = othersOf(db, masterId).select(['c.id', 'c.name', 'c.email']);
  if (sort.column === 'missing')
    list = list
      .orderBy(registeredAt(db, masterId), sort.desc ? 'asc' : 'desc')
      .orderBy('c.name')
      .orderBy('c.id');
  else list = list.orderBy('c.name', d).orderBy('c.id', d);
  const customers = await list.$call((q) => pageOf(q, page)).execute();
  if (customers.length === 0) return [];
  const missing = await db
    .selectFrom('customers as c')
    .innerJoin('casinos as k', (join) => join.on('k.id', 'in', masterCasinos))
    .where(
      'c.id',
      'in',
      customers.map((c) => c.id),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customerCasinos as l').select('l.casinoId').whereRef('l.customerId', '=', 'c.id').whereRef('l.casinoId', '=', 'k.id'),
        ),
      ),
    )
    .select(['c.id as customerId', 'k.name', 'k.website'])
    .orderBy('k.name')
    .execute();
  const missingOf = new Map<number, { name: string; website: string | null }[]>();
  for (const m of missing) {
    let entries = missingOf.get(m.customerId);
    if (!entries) missingOf.set(m.customerId, (entries = []));
    entries.push({ name: m.name, website: m.website });
  }
  return customers.map((c) => ({
    customerId: c.id,
    customer: { name: c.name, email: c.email },
    customerName: c.name,
    totalCasinos,
    missingCasinos: missingOf.get(c.id) ?? [],
  }));
}

/** A compared customer's links at the master's casinos (any status), from its primary-key range. */
function registeredAt(db: Db, masterId: number) {
  return (
    db
      .selectFrom('customerCasinos as l')
      .where('l.customerId', '=', sql.ref<number>('c.id'))
      // "+ 0": one range of the primary key per customer, not a seek per casino on the casino index.
      .where(sql<number>`l."casinoId" + 0`, 'in', masterCasinoIds(db, masterId))
      .select(sql<number>`count(*)`.as('n'))
  );
}

/**
 * Spec 2.16 cards over every compared customer (the screen shows one page of them): each customer's
 * count of links at the master's casinos, from the links this thread keeps (decision 026).
 * `totalCasinos` is the master's casinos (decision 041).
 */
export async function participationSummary(db: Db, masterId: number) {
  await requireMaster(db, masterId);
  const casinoIds = (await masterCasinoIds(db, masterId).execute()).map((r) => r.casinoId);
  const compared = othersOf(db, masterId);
  const analyzed = Number((await compared.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  // The customers left out (the master, inactive ones): few, where the compared are thousands.
  const left = await db.selectFrom('customers').select('id').except(compared.select('c.id')).execute();
  const leftOut = new Set(left.map((r) => r.id));
  let links = 0;
  let complete = 0;
  linkBalancesOf(sqliteOf(db))
    .linksAt(casinoIds)
    .forEach((n, customerId) => {
      if (n === 0 || leftOut.has(customerId)) return;
      links += n;
      if (n === casinoIds.length) complete += 1;
    });
  const totalCasinos = casinoIds.length;
  return {
    customersAnalyzed: analyzed,
    needRegistration: analyzed - (totalCasinos === 0 ? analyzed : complete),
    totalMissing: analyzed * totalCasinos - links,
    totalCasinos,
  };
}

/** How many customers have a transaction in the span: one seek per customer on (customerId, date). */
async function customersInSpan(db: Db, span: Span): Promise<number> {
  if (span.from === undefined && span.to === undefined) {
    const row = await db
      .selectFrom('customers as c')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('customerCasinos as l').select('l.casinoId').whereRef('l.customerId', '=', 'c.id').where('l.transactionCount', '>', 0),
        ),
      )
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

/** Whether the filter names one type, or one type name across casinos. */
const typeChosen = (f: TransactionFilters) => f.transactionTypeId !== undefined || f.typeName !== undefined;

/**
 * Whether the Transaction Types report reads the range columns (decision 027): every type over a date
 * range. Its reads are declared on the range thread by this same test (reports.reads.ts).
 */
export const typeReportReadsRanges = (f: TransactionFilters) => !typeChosen(f) && hasRange(f);

/**
 * The chosen type's transactions in the span, read from its covering index (type, date, customer, USD)
 * alone; a type name reads each casino's type of that name in turn.
 */
function chosenTypeRows(db: Db, f: TransactionFilters, span: Span) {
  let q = db.selectFrom('transactions');
  if (f.transactionTypeId !== undefined) q = q.where('transactionTypeId', '=', f.transactionTypeId);
  if (f.typeName !== undefined) q = q.where('transactionTypeId', 'in', typesNamed(f.typeName));
  if (span.from !== undefined) q = q.where('date', '>=', span.from);
  if (span.to !== undefined) q = q.where('date', '<', span.to);
  return q;
}

const COUNT_AND_USD = [sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum("usdChange"), 0)`.as('usd')] as const;

/** Each chosen type's count and USD over the span. */
async function chosenByType(
  db: Db,
  f: TransactionFilters,
  span: Span,
): Promise<Map<number, { transactionCount: number; usdTotal: number }>> {
  const rows = await chosenTypeRows(db, f, span)
    .select(['transactionTypeId', ...COUNT_AND_USD])
    .groupBy('transactionTypeId')
    .execute();
  return new Map(rows.map((r) => [r.transactionTypeId, { transactionCount: Number(r.n), usdTotal: Number(r.usd) }]));
}

async function chosenTypeTotals(db: Db, f: TransactionFilters, span: Span) {
  const row = await chosenTypeRows(db, f, span)
    .select([
      ...COUNT_AND_USD,
      sql<number>`count(distinct "customerId")`.as('customers'),
      sql<string | null>`min(date)`.as('first'),
      sql<string | null>`max(date)`.as('last'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totals: { transactionCount: Number(row.n), usdTotal: Number(row.usd) },
    customers: Number(row.customers),
    bounds: { first: row.first, last: row.last },
    byType: await chosenByType(db, f, span),
  };
}

/**
 * Every type's totals over a date range and the customers in it, in one pass over the read thread's
 * range columns (decision 027) instead of summing a year of per-day type totals (73,000 rows) and a
 * seek per customer; the first and last date are two seeks of the date index.
 */
async function rangedTypeTotals(db: Db, span: Span) {
  const { byType, customers, transactionCount, usdTotal } = pairRangesOf(sqliteOf(db)).types(span);
  return { totals: { transactionCount, usdTotal }, customers, bounds: await dateBounds(db, span), byType };
}

/** Each type's count and USD over the span (the rows' columns), without the cards' customers and dates. */
async function typeTotals(db: Db, f: TransactionFilters, span: Span): Promise<Map<number, { transactionCount: number; usdTotal: number }>> {
  if (typeReportReadsRanges(f)) return pairRangesOf(sqliteOf(db)).types(span).byType;
  return typeChosen(f) ? chosenByType(db, f, span) : typeTotalsOverSpan(db, span);
}

/**
 * Spec 2.17 totals, per type and overall, without a scan of transactions (decision 021): one type
 * from its covering index, all types from the kept per-day and per-type totals.
 */
export async function typeReportSummary(db: Db, f: TransactionFilters, timeZone: string) {
  const span = spanOf(f, timeZone);
  const { totals, customers, bounds, byType } = typeReportReadsRanges(f)
    ? await rangedTypeTotals(db, span)
    : typeChosen(f)
      ? await chosenTypeTotals(db, f, span)
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
export async function typeReportRows(
  db: Db,
  f: TransactionFilters,
  timeZone: string,
  limit: number,
  sort?: Sort<HistorySortColumn>,
): Promise<TypeReportRow[]> {
  const rows = await listTransactions(db, { filters: f, timeZone, limit, sort });
  const totals = await typeTotals(db, f, spanOf(f, timeZone));
  // Onto the page's own fresh rows with Object.assign: a spread copy of a row this wide is slow (see toTransactionView).
  return rows.map((t) =>
    Object.assign(t, {
      transactionTypeName: t.transactionType.name,
      casinoName: t.casino.name,
      transactionCount: totals.get(t.transactionTypeId)?.transactionCount ?? 0,
      totalUSD: formatHundredths(totals.get(t.transactionTypeId)?.usdTotal ?? 0),
    }),
  );
}
