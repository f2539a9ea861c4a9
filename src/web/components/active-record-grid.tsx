import { Group, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { failureOf, type QueryLike } from '../lib/errors';
import { formatDate } from '../lib/format';
import { useSave } from '../lib/use-save';
import { type GridColumn, gridColumns } from './data-table';
import { SearchableGrid, type SearchableGridProps } from './searchable-grid';
import type { CustomerLink } from './record-links';
import { ActiveBadge, EditAction, StatusToggle } from './status-toggle';

interface ActiveRecord {
  id: number;
  name: string;
  isActive: boolean;
  createdAt: string;
}

type Shared = 'rows' | 'columns' | 'getRowId' | 'loading' | 'failure' | 'sortBy' | 'addLabel' | 'onAdd';
interface Props<T extends ActiveRecord> extends Omit<SearchableGridProps<T>, Shared> {
  query: QueryLike & { data: T[] | undefined; isPending: boolean };
  /** The record's own columns, between Name and Status, and how each sorts. */
  columns: GridColumn<T>[];
  sortBy: NonNullable<SearchableGridProps<T>['sortBy']>;
  /** The add and edit dialog: `record` is the row being edited, null when adding (the Add button opens it). */
  dialog: (props: { opened: boolean; record: T | null; onClose: () => void }) => ReactNode;
  /** Buttons between Edit and the status switch. */
  actions?: (row: T) => ReactNode;
  /**
   * The status switch's write (after its confirmation: the record's update with the flipped flag) and the
   * list it refreshes; its toasts name the record by `noun`.
   */
  setActive: { write: (input: { id: number; isActive: boolean }) => Promise<unknown> };
  /** The name as a link to the record's page (CustomerLink, CasinoLink). */
  nameLink: typeof CustomerLink;
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
export function ActiveRecordGrid<T extends ActiveRecord>({
  query,
  columns,
  sortBy,
  dialog,
  actions,
  setActive,
  nameLink: NameLink,
  ...grid
}: Props<T>) {
  const save = useSave();
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const Noun = grid.noun.charAt(0).toUpperCase() + grid.noun.slice(1);
  const { write } = setActive;
  const { noun } = grid;
  // The same columns from render to render while what they show is the same: the grid builds its rows
  // again only when these change (decision 227).
  const all = useMemo(() => {
    const col = gridColumns<T>();
    const list: GridColumn<T>[] = [
      col.display({ id: 'name', header: 'Name', cell: ({ row }) => <NameLink id={row.original.id} name={row.original.name} fw={600} /> }),
      ...columns,
      col.display({ id: 'isActive', header: 'Status', cell: ({ row }) => <ActiveBadge active={row.original.isActive} /> }),
      col.display({ id: 'createdAt', header: 'Created', cell: ({ row }) => formatDate(row.original.createdAt) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original } }) => (
          <Group gap="xs" wrap="nowrap">
            <EditAction label={`Edit ${original.name}`} onClick={() => setEditing({ record: original })} />
            {actions?.(original)}
            <StatusToggle
              name={original.name}
              isActive={original.isActive}
              onConfirm={async () => {
                await save(() => write({ id: original.id, isActive: !original.isActive }), {
                  success: [undefined, `${Noun} status updated successfully`],
                  failure: `Failed to update ${noun} status`,
                });
              }}
            />
          </Group>
        ),
      }),
    ];
    return list;
  }, [NameLink, columns, actions, write, save, noun, Noun]);
  return (
    <>
      <SearchableGrid
        {...grid}
        addLabel={`Add ${Noun}`}
        onAdd={() => setEditing({ record: null })}
        sortBy={{ name: (r) => r.name, ...sortBy, isActive: (r) => r.isActive, createdAt: (r) => r.createdAt }}
        rows={query.data ?? []}
        columns={all}
        loading={query.isPending}
        failure={failureOf(query)}
      />
      {dialog({ opened: editing !== null, record: editing?.record ?? null, onClose: () => setEditing(null) })}
    </>
  );
}
