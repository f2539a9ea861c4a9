import { parseSort, type SortText, sortText } from '../../shared/sorting';

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
