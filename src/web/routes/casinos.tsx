import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type GridColumn, gridColumns } from '../components/data-table';
import { NameText } from '../components/name-text';
import { SearchableGrid } from '../components/searchable-grid';
import { ActiveBadge, EditAction, StatusToggle } from '../components/status-toggle';
import { CasinoDialog } from '../features/casinos/casino-dialog';
import { formatDate } from '../lib/format';
import { failureOf } from '../lib/errors';
import { useCasinos } from '../lib/master-data';
import { useSave } from '../lib/use-save';
import { trpc } from '../trpc';
import type { CasinoView } from '../lib/api-types';

const col = gridColumns<CasinoView>();

/** Spec 2.11. */
export function CasinosPage() {
  const casinos = useCasinos();
  const save = useSave();
  const update = useMutation(trpc.casinos.update.mutationOptions());
  const [dialog, setDialog] = useState<{ casino: CasinoView | null } | null>(null);

  const columns = useMemo<GridColumn<CasinoView>[]>(
    () => [
      col.accessor('name', { header: 'Name', cell: (info) => <NameText name={info.getValue()} fw={600} /> }),
      col.accessor('website', {
        header: 'Website',
        cell: (info) => {
          const url = info.getValue();
          return url ? (
            <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
              {url.replace(/^https?:\/\//, '')}
            </Anchor>
          ) : (
            <Text c="dimmed" size="sm">
              —
            </Text>
          );
        },
      }),
      col.accessor('scRatio', {
        header: 'SC per $1',
        cell: (info) => (
          <Text ff="monospace" size="sm">
            {info.getValue().toLocaleString()}
          </Text>
        ),
      }),
      col.accessor('isActive', {
        header: 'Status',
        cell: (info) => <ActiveBadge active={info.getValue()} />,
      }),
      col.accessor('createdAt', { header: 'Created', cell: (info) => formatDate(info.getValue()) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: c } }) => (
          <Group gap="xs" wrap="nowrap">
            <EditAction label={`Edit ${c.name}`} onClick={() => setDialog({ casino: c })} />
            <StatusToggle
              name={c.name}
              isActive={c.isActive}
              onConfirm={async () => {
                await save(() => update.mutateAsync({ id: c.id, isActive: !c.isActive }), {
                  success: [undefined, 'Casino status updated successfully'],
                  failure: 'Failed to update casino status',
                  invalidate: [trpc.casinos.list.queryKey()],
                });
              }}
            />
          </Group>
        ),
      }),
    ],
    [save, update],
  );

  return (
    <Stack gap="md">
      <SearchableGrid
        label="Casinos"
        noun="casino"
        sortBy={{
          name: (c) => c.name,
          website: (c) => c.website,
          scRatio: (c) => c.scRatio,
          isActive: (c) => c.isActive,
          createdAt: (c) => c.createdAt,
        }}
        rows={casinos.data ?? []}
        columns={columns}
        getRowId={(c) => String(c.id)}
        loading={casinos.isPending}
        failure={failureOf(casinos)}
        searchIn={(c) => [c.name, c.website]}
        placeholder="Search casinos by name or website..."
        addLabel="Add Casino"
        onAdd={() => setDialog({ casino: null })}
        empty={{ title: 'No casinos yet', description: 'Add the casinos your customers play at.' }}
        minWidth={760}
      />
      <CasinoDialog opened={dialog !== null} casino={dialog?.casino ?? null} onClose={() => setDialog(null)} />
    </Stack>
  );
}
