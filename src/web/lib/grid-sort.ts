import { HISTORY_SORTS, historySortProblem, type HistorySortColumn, parseSort, type SortText, sortText } from '../../shared/sorting';
import type { TransactionFilters } from '../../shared/schemas/transactions';

/** A grid's sort: the column id and its direction (DataTable's `sort`). */
export interface SortState {
  id: string;
  desc: boolean;
}

/**
 * A header click (decision 044): the sorted column flips its direction; another column starts
 * ascending when it holds text (names) and descending when it holds numbers or dates (largest first).
 */
export function nextSort<C extends string>(current: SortText<C>, column: C, textColumns: readonly C[]): SortText<C> {
  const now = parseSort(current);
  if (now.column === column) return sortText({ column, desc: !now.desc });
  return sortText({ column, desc: !textColumns.includes(column) });
}

/** The DataTable's sort state of a sort text. */
export function sortState<C extends string>(text: SortText<C>): SortState {
  const { column, desc } = parseSort(text);
  return { id: column, desc };
}

/** The DataTable's onSort for a whitelist of columns: applies the next sort of the clicked column. */
export function headerSort<C extends string>(
  columns: readonly C[],
  current: SortText<C>,
  textColumns: readonly C[],
  apply: (next: SortText<C>) => void,
) {
  return (id: string) => {
    const column = columns.find((c) => c === id);
    if (column) apply(nextSort(current, column, textColumns));
  };
}

/**
 * A server-sorted grid's sort props for DataTable (decision 044): the state of the current sort, the
 * sortable columns and the header click. `apply` gets the next sort, or undefined when it is the
 * default (which the URL leaves out).
 */
export function serverSort<C extends string>(opts: {
  columns: readonly C[];
  current: SortText<C> | undefined;
  fallback: SortText<C>;
  textColumns?: readonly C[];
  /** The columns offered now, when fewer than `columns`. */
  sortable?: readonly C[];
  apply: (next: SortText<C> | undefined) => void;
}) {
  const current = opts.current ?? opts.fallback;
  return {
    sort: sortState(current),
    sortable: opts.sortable ?? opts.columns,
    onSort: headerSort(opts.columns, current, opts.textColumns ?? [], (next) => opts.apply(next === opts.fallback ? undefined : next)),
  };
}

/** The History sorts the server can serve for these filters (all of them until the count is known). */
export const servableHistorySorts = (current: SortText<HistorySortColumn>, filters: TransactionFilters, matching: number | undefined) =>
  HISTORY_SORTS.filter((c) => matching === undefined || !historySortProblem({ ...parseSort(current), column: c }, filters, matching));
