import { Button, Paper, Stack } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import type { Failure } from '../lib/errors';
import { DataTable, EmptyState, type GridColumn } from './data-table';
import { countLabel, ListToolbar, matches } from './list-toolbar';

interface Props<T extends RowData> {
  label: string;
  noun: string;
  rows: T[];
  columns: GridColumn<T>[];
  getRowId: (row: T) => string;
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
}

/** A master-data grid: search, count, Add button, table (cards on phones) and its empty states. */
export function SearchableGrid<T extends RowData>(props: Props<T>) {
  const [search, setSearch] = useState('');
  const filtered = props.filter ? props.rows.filter(props.filter) : props.rows;
  const shown = filtered.filter((row) => matches(search, ...props.searchIn(row)));
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <ListToolbar
          search={search}
          onSearch={setSearch}
          placeholder={props.placeholder}
          addLabel={props.addLabel}
          onAdd={props.onAdd}
          count={props.failure ? '' : countLabel(shown.length, props.rows.length, props.noun)}
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
    </Paper>
  );
}
