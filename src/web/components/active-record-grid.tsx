import { Group, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { failureOf, type QueryLike } from '../lib/errors';
import { formatDate } from '../lib/format';
import { useSave } from '../lib/use-save';
import { type GridColumn, gridColumns } from './data-table';
import { NameText } from './name-text';
import { SearchableGrid, type SearchableGridProps } from './searchable-grid';
import { ActiveBadge, EditAction, StatusToggle } from './status-toggle';

interface ActiveRecord {
  id: number;
  name: string;
  isActive: boolean;
  createdAt: string;
}

type Shared = 'rows' | 'columns' | 'getRowId' | 'loading' | 'failure' | 'sortBy';
interface Props<T extends ActiveRecord> extends Omit<SearchableGridProps<T>, Shared> {
  query: QueryLike & { data: T[] | undefined; isPending: boolean };
  /** The record's own columns, between Name and Status, and how each sorts. */
  columns: GridColumn<T>[];
  sortBy: NonNullable<SearchableGridProps<T>['sortBy']>;
  onEdit: (row: T) => void;
  /** Buttons between Edit and the status switch. */
  actions?: (row: T) => ReactNode;
  /** The status switch's write (after its confirmation) and its toasts. */
  setActive: { write: (row: T) => Promise<unknown>; success: string; failure: string; invalidate: QueryKey };
}

/** A muted dash for an empty cell. */
export const NoValue = () => (
  <Text c="dimmed" size="sm">
    —
  </Text>
);

/**
 * A master-data list whose rows are named, dated and switched on and off (Customers, Casinos): Name,
 * the record's own columns, Status, Created and the row's actions (Edit, its own, the status switch).
 */
export function ActiveRecordGrid<T extends ActiveRecord>({ query, columns, sortBy, onEdit, actions, setActive, ...grid }: Props<T>) {
  const save = useSave();
  const col = gridColumns<T>();
  const all: GridColumn<T>[] = [
    col.display({ id: 'name', header: 'Name', cell: ({ row }) => <NameText name={row.original.name} fw={600} /> }),
    ...columns,
    col.display({ id: 'isActive', header: 'Status', cell: ({ row }) => <ActiveBadge active={row.original.isActive} /> }),
    col.display({ id: 'createdAt', header: 'Created', cell: ({ row }) => formatDate(row.original.createdAt) }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original } }) => (
        <Group gap="xs" wrap="nowrap">
          <EditAction label={`Edit ${original.name}`} onClick={() => onEdit(original)} />
          {actions?.(original)}
          <StatusToggle
            name={original.name}
            isActive={original.isActive}
            onConfirm={async () => {
              await save(() => setActive.write(original), {
                success: [undefined, setActive.success],
                failure: setActive.failure,
                invalidate: [setActive.invalidate],
              });
            }}
          />
        </Group>
      ),
    }),
  ];
  return (
    <SearchableGrid
      {...grid}
      sortBy={{ name: (r) => r.name, ...sortBy, isActive: (r) => r.isActive, createdAt: (r) => r.createdAt }}
      rows={query.data ?? []}
      columns={all}
      loading={query.isPending}
      failure={failureOf(query)}
    />
  );
}
