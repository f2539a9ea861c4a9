import { type ExpressionBuilder, type Generated, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { dayStartUtc, nextDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import {
  type HistorySortColumn,
  historySortProblem,
  NEWEST_FIRST,
  parseSort,
  type Sort,
  type SortText,
  usdSortIndexed,
} from '../../../shared/sorting';
import type { TransactionFilters, TransactionView } from '../../../shared/schemas/transactions';
import type { Database, Db, TransactionRow, TransactionsTable } from '../../db/types';
import { fieldError, notFound } from '../../errors/domain-errors';
import { spanOf, splitByDays } from './day-split';
import { totalsOverSpan } from './totals-query';

type TxQuery<O> = SelectQueryBuilder<Database, 'transactions', O>;

/**
 * The one filter function list and count share, so they can never disagree. A transaction's casino is its
 * type's (the ledger refuses another; the ledger check counts any as an orphan): with a type, the casino
 * filter is one comparison with the type's casino, so SQLite walks the type's index alone instead of
 * reading every row of the type to compare casinos (about 20 ms for 20,000 rows, for none when they differ).
 */
export function applyTransactionFilters<O>(query: TxQuery<O>, f: TransactionFilters, timeZone: string): TxQuery<O> {
  let q = query;
  if (f.customerId !== undefined) q = q.where('transactions.customerId', '=', f.customerId);
  const { casinoId, transactionTypeId: typeId } = f;
  if (casinoId !== undefined && typeId !== undefined) {
    q = q.where((eb) => eb(eb.val(casinoId), '=', eb.selectFrom('transactionTypes as k').select('k.casinoId').where('k.id', '=', typeId)));
  } else if (casinoId !== undefined) q = q.where('transactions.casinoId', '=', casinoId);
  if (f.transactionTypeId !== undefined) q = q.where('transactions.transactionTypeId', '=', f.transactionTypeId);
  if (f.typeName !== undefined) q = q.where('transactions.transactionTypeId', 'in', typesNamed(f.typeName));
  if (f.startDate) q = q.where('transactions.date', '>=', dayStartUtc(f.startDate, timeZone));
  if (f.endDate) q = q.where('transactions.date', '<', dayStartUtc(nextDay(f.endDate), timeZone));
  return q;
}

/**
 * The ids of every casino's type of this name, letter case aside as the types' own uniqueness rule
 * compares them ("Purchase (all casinos)"): a subquery, so SQLite walks each type's index in turn.
 */
export const typesNamed = (name: string) => (eb: ExpressionBuilder<Database, 'transactions'>) =>
  eb
    .selectFrom('transactionTypes as named')
    .select('named.id')
    .where(sql<string>`lower("named"."name")`, '=', name.toLowerCase());

/** What every list shows of an entry, kept or deleted: the columns `entryView` reads. */
type EntryColumns = Pick<
  TransactionsTable,
  'customerId' | 'casinoId' | 'transactionTypeId' | 'date' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'
> & { id: number | Generated<number> };

/**
 * Entries of the table aliased `e` (transactions or deletedTransactions) with what `entryView` shows: their
 * id, date and changes, and the names of their customer, casino and type.
 */
export function withEntryNames<E extends EntryColumns, O>(query: SelectQueryBuilder<Database & { e: E }, 'e', O>) {
  return query
    .innerJoin('customers', 'customers.id', 'e.customerId')
    .innerJoin('casinos', 'casinos.id', 'e.casinoId')
    .innerJoin('transactionTypes', 'transactionTypes.id', 'e.transactionTypeId')
    .select([
      'e.id',
      'e.date',
      'e.unplayedCoinsChange',
      'e.playedCoinsChange',
      'e.usdChange',
      'customers.name as customerName',
      'casinos.name as casinoName',
      'transactionTypes.name as typeName',
    ]);
}

type EntryRow = Pick<TransactionRow, 'id' | 'date' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'> & {
  customerName: string;
  casinoName: string;
  typeName: string;
};

/** An entry as every list shows it, kept or deleted: its id, date, names and changes. */
export function entryView(r: EntryRow) {
  return {
    id: r.id,
    date: r.date,
    customer: { name: r.customerName },
    casino: { name: r.casinoName },
    transactionType: { name: r.typeName },
    unplayedCoinsChange: formatHundredths(r.unplayedCoinsChange),
    playedCoinsChange: formatHundredths(r.playedCoinsChange),
    usdChange: formatHundredths(r.usdChange),
  };
}

function readQuery(db: Db) {
  return withEntryNames(db.selectFrom('transactions as e'))
    .leftJoin('users', 'users.id', 'e.createdByUserId')
    .select([
      'e.customerId',
      'e.casinoId',
      'e.transactionTypeId',
      'e.purchaseRatio',
      'e.unplayedCoinsAfter',
      'e.playedCoinsAfter',
      'e.totalCoinsAfter',
      'users.firstName as userFirstName',
      'users.lastName as userLastName',
      'users.email as userEmail',
    ]);
}

type ReadRow = Awaited<ReturnType<ReturnType<typeof readQuery>['execute']>>[number];

export const round4 = (n: number | null) => (n === null ? null : Math.round(n * 10000) / 10000);

/**
 * A row as History shows it. The fields join the entry's with Object.assign, not an object spread: on
 * Node 20 `{ ...entryView(r), ...more }` took 6 µs a row (V8's copy of an object this wide falls off its
 * fast path) against 0.3 µs, a third of a History page's time in its read thread (decision 029).
 */
export function toTransactionView(r: ReadRow): TransactionView {
  return Object.assign(entryView(r), {
    customerId: r.customerId,
    casinoId: r.casinoId,
    transactionTypeId: r.transactionTypeId,
    purchaseRatio: round4(r.purchaseRatio),
    unplayedCoinsAfter: formatHundredths(r.unplayedCoinsAfter),
    playedCoinsAfter: formatHundredths(r.playedCoinsAfter),
    totalCoinsAfter: formatHundredths(r.totalCoinsAfter),
    createdByUser: r.userEmail ? { firstName: r.userFirstName, lastName: r.userLastName, email: r.userEmail } : null,
  });
}

/** One transaction, or undefined when there is none with this id. */
export async function findTransaction(db: Db, id: number): Promise<TransactionView | undefined> {
  const row = await readQuery(db).where('e.id', '=', id).executeTakeFirst();
  return row && toTransactionView(row);
}

/** One transaction the caller knows exists (it has just written it); a missing one is a 404. */
export async function getTransaction(db: Db, id: number): Promise<TransactionView> {
  const found = await findTransaction(db, id);
  if (!found) throw notFound('Transaction not found');
  return found;
}

/**
 * Where a deep page starts when only dates filter (or nothing does): the kept per-day totals are
 * checkpoints, so the walk starts at the right UTC day and skips at most that day's rows (decision 021).
 * Null when another filter applies, the range has partial UTC days, or the offset is past the end.
 */
async function dayCheckpoint(
  db: Db,
  f: TransactionFilters,
  timeZone: string,
  offset: number,
): Promise<{ before: string; skip: number } | null> {
  if (f.customerId !== undefined || f.casinoId !== undefined || f.transactionTypeId !== undefined || f.typeName !== undefined) return null;
  const { days, edges } = splitByDays(spanOf(f, timeZone));
  if (!days || edges.length > 0) return null;
  let q = db.selectFrom('dayTotals').select(['day', 'transactionCount']).where('transactionCount', '>', 0).orderBy('day', 'desc');
  if (days.fromDay !== undefined) q = q.where('day', '>=', days.fromDay);
  if (days.toDay !== undefined) q = q.where('day', '<', days.toDay);
  let newer = 0;
  for (const d of await q.execute()) {
    if (newer + d.transactionCount > offset) return { before: `${nextDay(d.day)}T00:00:00.000Z`, skip: offset - newer };
    newer += d.transactionCount;
  }
  return null;
}

/** Pages this deep or deeper start from a checkpoint or from the far end. */
const DEEP = 1000;

/**
 * The sort key of a History sort: date, or USD change, then id. The USD key is written as an expression
 * (`+usdChange`) when a filter other than the casino applies, so SQLite finds the matching rows by the
 * filter's index and sorts them (at most HISTORY_SORT_ROWS, checked by the caller) rather than walking
 * the whole USD index looking for them (decision 044).
 */
function sortKey(sort: Sort<HistorySortColumn>, filters: TransactionFilters) {
  if (sort.column === 'date') return sql.ref('transactions.date');
  return usdSortIndexed(filters) ? sql.ref('transactions.usdChange') : sql`+"transactions"."usdChange"`;
}

/** Which page of History `listTransactions` reads. */
export interface TransactionPage {
  filters: TransactionFilters;
  timeZone: string;
  limit: number;
  offset?: number;
  /** The matching total, when known: a page past the middle is then read from the far end. */
  totalCount?: number;
  /** Pages this deep or deeper start from a day checkpoint (tests lower it). */
  deepFrom?: number;
  sort?: Sort<HistorySortColumn>;
}

/**
 * One page in the given order (newest first unless `sort` says otherwise), ties broken by id. The page's
 * ids are found on the indexes alone (a deep offset skips index entries, not joined rows); only the rows
 * of the page are then joined. A deep newest-first page starts at its day's checkpoint when only dates
 * filter; otherwise, given the matching total, a page past the middle is read from the other end
 * (reverse order, reversed back), so the last page costs what the first does.
 */
export async function listTransactions(db: Db, page: TransactionPage): Promise<TransactionView[]> {
  const { filters, timeZone, limit, offset = 0, totalCount, deepFrom = DEEP, sort = NEWEST_FIRST } = page;
  const newestFirst = sort.column === 'date' && sort.desc;
  const checkpoint = newestFirst && offset >= deepFrom ? await dayCheckpoint(db, filters, timeZone, offset) : null;
  const fromEnd = !checkpoint && totalCount !== undefined && offset > totalCount / 2;
  const order = sort.desc ? 'desc' : 'asc';
  const direction = fromEnd === sort.desc ? 'asc' : 'desc';
  const skip = checkpoint ? checkpoint.skip : fromEnd ? Math.max(0, totalCount - offset - limit) : offset;
  const take = fromEnd ? Math.max(0, Math.min(limit, totalCount - offset)) : limit;
  if (take === 0) return [];
  const key = sortKey(sort, filters);
  let matching = applyTransactionFilters(db.selectFrom('transactions').select('transactions.id'), filters, timeZone);
  if (checkpoint) matching = matching.where('transactions.date', '<', checkpoint.before);
  const ids = matching.orderBy(key, direction).orderBy('transactions.id', direction).limit(take).offset(skip);
  const rows = await readQuery(db)
    .where('e.id', 'in', ids)
    .orderBy(sort.column === 'date' ? 'e.date' : 'e.usdChange', order)
    .orderBy('e.id', order)
    .execute();
  return rows.map(toTransactionView);
}

/** A History sort the server can serve within its bounds (decision 044), or a 400 naming `sort`. */
export function servableSort(
  text: SortText<HistorySortColumn> | undefined,
  filters: TransactionFilters,
  matching: number,
): Sort<HistorySortColumn> {
  const sort = text ? parseSort(text) : NEWEST_FIRST;
  const problem = historySortProblem(sort, filters, matching);
  if (problem) throw fieldError('sort', problem);
  return sort;
}

/** Where a newest-first walk stopped: the last row it gave. */
export interface TransactionKey {
  date: string;
  id: number;
}

/** A transaction's columns its writer sets from the entry (the ledger's insert and update write them). */
export const ENTERED_COLUMNS = [
  'date',
  'customerId',
  'casinoId',
  'transactionTypeId',
  'unplayedCoinsChange',
  'playedCoinsChange',
  'usdChange',
  'purchaseRatio',
] as const;

/** A transaction's own columns as exports read them: names come from the small tables, looked up once (exports). */
const batchColumns = ['id', ...ENTERED_COLUMNS, 'totalCoinsAfter', 'createdByUserId'] as const;

export type TransactionBatchRow = Pick<Selectable<Database['transactions']>, (typeof batchColumns)[number]>;

/**
 * The next `limit` matching rows newest first after `after` (a keyset walk down the index the filter
 * uses, for exports: each batch costs the same however deep it is, and holds no read open between
 * batches). Only the transactions table is read: a join per row cost exports most of their time.
 */
export async function transactionBatch(
  db: Db,
  { filters, timeZone, limit }: Pick<TransactionPage, 'filters' | 'timeZone' | 'limit'>,
  after?: TransactionKey,
): Promise<TransactionBatchRow[]> {
  let page = applyTransactionFilters(
    db.selectFrom('transactions').select(batchColumns.map((c) => `transactions.${c}` as const)),
    filters,
    timeZone,
  );
  if (after) page = page.where(sql<boolean>`("transactions"."date", "transactions"."id") < (${after.date}, ${after.id})`);
  return page.orderBy('transactions.date', 'desc').orderBy('transactions.id', 'desc').limit(limit).execute();
}

/**
 * How many transactions match, without counting rows where a kept total answers (decision 021): a date
 * range alone (or nothing) from the per-day totals, customer and casino alone from the links' counts.
 * Other filters count entries of the index that leads with the filter.
 */
export async function countTransactions(db: Db, filters: TransactionFilters, timeZone: string): Promise<number> {
  const { customerId, casinoId, transactionTypeId, typeName } = filters;
  const anyType = transactionTypeId === undefined && typeName === undefined;
  if (customerId === undefined && casinoId === undefined && anyType) {
    return (await totalsOverSpan(db, spanOf(filters, timeZone))).transactionCount;
  }
  if (anyType && !filters.startDate && !filters.endDate) {
    let q = db.selectFrom('customerCasinos').select((eb) => eb.fn.sum<number>('transactionCount').as('n'));
    if (customerId !== undefined) q = q.where('customerId', '=', customerId);
    if (casinoId !== undefined) q = q.where('casinoId', '=', casinoId);
    return Number((await q.executeTakeFirstOrThrow()).n ?? 0);
  }
  const row = await applyTransactionFilters(db.selectFrom('transactions'), filters, timeZone)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
