import { Anchor, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ActiveRecordGrid, NoValue } from '../components/active-record-grid';
import { gridColumns } from '../components/data-table';
import { CasinoDialog } from '../features/casinos/casino-dialog';
import { useCasinos } from '../lib/master-data';
import { trpc } from '../trpc';
import type { CasinoView } from '../lib/api-types';

const col = gridColumns<CasinoView>();
const columns = [
  col.accessor('website', {
    header: 'Website',
    cell: (info) => {
      const url = info.getValue();
      return url ? (
        <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
          {url.replace(/^https?:\/\//, '')}
        </Anchor>
      ) : (
        <NoValue />
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
];

/** Spec 2.11. */
export function CasinosPage() {
  const casinos = useCasinos();
  const update = useMutation(trpc.casinos.update.mutationOptions());
  const [dialog, setDialog] = useState<{ casino: CasinoView | null } | null>(null);

  return (
    <Stack gap="md">
      <ActiveRecordGrid
        label="Casinos"
        noun="casino"
        query={casinos}
        columns={columns}
        sortBy={{ website: (c) => c.website, scRatio: (c) => c.scRatio }}
        onEdit={(casino) => setDialog({ casino })}
        setActive={{
          write: (c) => update.mutateAsync({ id: c.id, isActive: !c.isActive }),
          success: 'Casino status updated successfully',
          failure: 'Failed to update casino status',
          invalidate: trpc.casinos.list.queryKey(),
        }}
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
