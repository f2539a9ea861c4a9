import type { TransactionFilters } from './schemas/transactions';

/** The check-ins board's sorts (its own words, not a column's sort text). */
export const CHECK_IN_SORTS = ['customer', 'casino', 'streak', 'last'] as const;
export type CheckInSort = (typeof CHECK_IN_SORTS)[number];

/** A grid's sort as the URL and the API write it: "usd" ascending, "-usd" descending. */
export type SortText<C extends string> = C | `-${C}`;
export interface Sort<C extends string> {
  column: C;
  desc: boolean;
}

/** Every sort text of a whitelist of columns. */
export const sortTexts = <C extends string>(columns: readonly C[]): SortText<C>[] => columns.flatMap((c): SortText<C>[] => [c, `-${c}`]);

export function parseSort<C extends string>(text: SortText<C>): Sort<C> {
  return text.startsWith('-') ? { column: text.slice(1) as C, desc: true } : { column: text as C, desc: false };
}
export const sortText = <C extends string>(sort: Sort<C>): SortText<C> => (sort.desc ? `-${sort.column}` : sort.column);

/**
 * The History sorts (decision 044): by date (the date indexes) and by USD change. USD walks an index
 * with no filter or a casino alone (migration 0015); with any other filter it sorts the matching rows,
 * at most HISTORY_SORT_ROWS of them.
 */
export const HISTORY_SORTS = ['date', 'usd'] as const;
export type HistorySortColumn = (typeof HISTORY_SORTS)[number];
export const HISTORY_SORT_ROWS = 50_000;
export const NEWEST_FIRST: Sort<HistorySortColumn> = { column: 'date', desc: true };

/** Whether an index serves the USD sort under these filters (no sort of the matching rows at all). */
export function usdSortIndexed(f: TransactionFilters): boolean {
  return f.customerId === undefined && f.transactionTypeId === undefined && f.typeName === undefined && !f.startDate && !f.endDate;
}

/** Why History cannot sort this way over `matching` rows, or null when it can. */
export function historySortProblem(sort: Sort<HistorySortColumn>, f: TransactionFilters, matching: number): string | null {
  if (sort.column !== 'usd' || usdSortIndexed(f) || matching <= HISTORY_SORT_ROWS) return null;
  return `Sorting by USD with these filters is limited to ${HISTORY_SORT_ROWS.toLocaleString('en-US')} transactions (${matching.toLocaleString('en-US')} match): narrow the filters`;
}

/** Report sorts (decision 044); reports sort their links or pairs, never the transactions. */
/** High SC: 'usd' (the USD value) orders as 'total' does, the value being total coins / 1000. */
export const HIGH_SC_SORTS = ['customer', 'casino', 'unplayed', 'played', 'total', 'usd'] as const;
export const PROFITABILITY_SORTS = ['customer', 'casino', 'usd', 'count', 'avg'] as const;
export const PARTICIPATION_SORTS = ['customer', 'missing'] as const;
