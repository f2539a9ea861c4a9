import { useCallback, useMemo, useState } from 'react';
import { NotesButton, NotesDialog } from '../features/notes';
import { formatCount } from '../lib/format';
import { Anchor, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ActiveRecordGrid, NoValue } from '../components/active-record-grid';
import { CasinoLink } from '../components/record-links';
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
        {formatCount(info.getValue())}
      </Text>
    ),
  }),
];

/** Spec 2.11. */
export function CasinosPage() {
  const casinos = useCasinos();
  const update = useMutation(trpc.casinos.update.mutationOptions());
  const [notesOf, setNotesOf] = useState<CasinoView | null>(null);
  // The same from render to render, so the grid keeps its built rows (decision 227).
  const actions = useCallback((c: CasinoView) => <NotesButton name={c.name} onClick={() => setNotesOf(c)} />, []);
  const setActive = useMemo(() => ({ write: update.mutateAsync }), [update.mutateAsync]);

  return (
    <Stack gap="md">
      <ActiveRecordGrid
        nameLink={CasinoLink}
        label="Casinos"
        noun="casino"
        query={casinos}
        columns={columns}
        sortBy={{ website: (c) => c.website, scRatio: (c) => c.scRatio }}
        dialog={({ opened, record, onClose }) => <CasinoDialog opened={opened} casino={record} onClose={onClose} />}
        actions={actions}
        setActive={setActive}
        searchIn={(c) => [c.name, c.website]}
        placeholder="Search casinos by name or website..."
        empty={{ title: 'No casinos yet', description: 'Add the casinos your customers play at.' }}
        minWidth={860}
      />
      <NotesDialog target={notesOf && { owner: { casinoId: notesOf.id }, name: notesOf.name }} onClose={() => setNotesOf(null)} />
    </Stack>
  );
}
