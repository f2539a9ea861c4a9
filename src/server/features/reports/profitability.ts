import quickselect from 'quickselect';
import { sql } from 'kysely';
import { formatHundredths } from '../../../shared/money';
import { type PROFITABILITY_SORTS, parseSort, type SortText } from '../../../shared/sorting';
import type { Paging, ProfitabilityRow } from '../../../shared/schemas/reports';
import type { TransactionFilters } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { sqliteOf } from '../../db/database';
import { spanOf } from '../transactions/day-split';
import { type PairColumns, pairRangesOf } from './pair-ranges';
import { dir, type Ordering, pageOf } from './report-order';

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
  { offset, end, sort: sortText }: { offset: number; end: number; sort?: ProfitabilitySort },
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
  const key: number[] = new Array<number>(pairs.size);
  for (let i = 0; i < pairs.size; i++) key[i] = sign * primary[sort.column](i);
  // The end-th smallest key, by selection rather than a sort of every pair's (up to 80,000 a page).
  let last = Infinity;
  if (end < pairs.size) {
    const copy = key.slice();
    quickselect(copy, end - 1);
    last = copy[end - 1];
  }
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
    return rankedPage(db, pairs, { offset, end: f.limit === undefined ? pairs.size : offset + f.limit, sort: f.sort });
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
