import { sql } from 'kysely';
import { formatHundredths } from '../../../shared/money';
import type { TypeReportRow } from '../../../shared/schemas/reports';
import type { TransactionFilters } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { sqliteOf } from '../../db/database';
import { type Span, spanOf } from '../transactions/day-split';
import { totalsOverSpan, typeTotalsOverSpan } from '../transactions/totals-query';
import { listTransactions, type TransactionPage, typesNamed } from '../transactions/transactions.repository';
import { pairRangesOf } from './pair-ranges';
import { hasRange } from './profitability';

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
  page: Pick<TransactionPage, 'filters' | 'timeZone' | 'limit' | 'offset' | 'totalCount' | 'sort'>,
): Promise<TypeReportRow[]> {
  const rows = await listTransactions(db, page);
  const totals = await typeTotals(db, page.filters, spanOf(page.filters, page.timeZone));
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
