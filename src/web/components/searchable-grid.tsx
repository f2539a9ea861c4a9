import { Button, Stack } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import type { Failure } from '../lib/errors';
import { DataTable, EmptyState, type GridColumn, type SortState } from './data-table';
import { countLabel, ListToolbar, matches } from './list-toolbar';
import { Panel } from './panel';

export interface SearchableGridProps<T extends RowData> {
  label: string;
  noun: string;
  rows: T[];
  columns: GridColumn<T>[];
  getRowId?: (row: T) => string;
  loading: boolean;
  /** A failed read: the grid shows it with Retry instead of an empty list. */
  failure: Failure | null;
  /** The texts the search box looks in. */
  searchIn: (row: T) => (string | null | undefined)[];
  placeholder: string;
  addLabel: string;
  onAdd: () => void;
  empty: { title: string; description: string };
  /** A further filter (e.g. by casino) and its control. */
  filter?: (row: T) => boolean;
  filterControl?: ReactNode;
  minWidth: number;
  /** The columns a header click sorts by, and each one's value (master data sorts in the browser, decision 044). */
  sortBy?: Record<string, (row: T) => string | number | boolean | null>;
}

type SortValue = string | number | boolean | null;
/** Made at the first sort, not as the screens' code loads (an Intl object costs a phone milliseconds; decision 228). */
let collator: Intl.Collator | undefined;
/** Ascending order of two sort values: text by the collator, numbers and flags by size, empty last. */
function compare(a: SortValue, b: SortValue): number {
  if (a === null || a === '') return b === null || b === '' ? 0 : 1;
  if (b === null || b === '') return -1;
  return typeof a === 'string' && typeof b === 'string'
    ? (collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })).compare(a, b)
    : Number(a) - Number(b);
}

/** A master-data grid: search, count, Add button, table (cards on phones) and its empty states. */
export function SearchableGrid<T extends RowData>(props: SearchableGridProps<T>) {
  const [search, setSearch] = useState('');
  const filtered = props.filter ? props.rows.filter(props.filter) : props.rows;
  const matching = filtered.filter((row) => matches(search, ...props.searchIn(row)));
  const [sort, setSort] = useState<SortState | undefined>();
  const value = sort ? props.sortBy?.[sort.id] : undefined;
  const sign = sort?.desc ? -1 : 1;
  // Empty values stay last in both directions.
  const shown = value
    ? [...matching].sort((a, b) =>
        value(a) === null || value(b) === null ? compare(value(a), value(b)) : sign * compare(value(a), value(b)),
      )
    : matching;
  const onSort = (id: string) => setSort((now) => ({ id, desc: now?.id === id ? !now.desc : false }));
  return (
    <Panel>
      <Stack gap="md">
        <ListToolbar
          search={search}
          onSearch={setSearch}
          placeholder={props.placeholder}
          addLabel={props.addLabel}
          onAdd={props.onAdd}
          // No count while the list is loading or failed: "0 customers" would read as a real answer.
          count={props.failure || props.loading ? '' : countLabel(shown.length, props.rows.length, props.noun)}
          extra={props.filterControl}
        />
        <DataTable
          label={props.label}
          columns={props.columns}
          data={shown}
          getRowId={props.getRowId}
          loading={props.loading}
          failure={props.failure}
          loadingText={`Loading ${props.label.toLowerCase()}...`}
          minWidth={props.minWidth}
          sort={sort}
          sortable={Object.keys(props.sortBy ?? {})}
          onSort={onSort}
          empty={
            search.trim() ? (
              <EmptyState
                title={`No ${props.label.toLowerCase()} found matching your search`}
                action={
                  <Button size="xs" variant="light" onClick={() => setSearch('')}>
                    Clear search
                  </Button>
                }
              />
            ) : (
              <EmptyState title={props.empty.title} description={props.empty.description} />
            )
          }
        />
      </Stack>
    </Panel>
  );
}
