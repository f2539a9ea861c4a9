import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { type GridColumn, gridColumns } from '../components/data-table';
import { SearchableGrid } from '../components/searchable-grid';
import { tipProps } from '../components/tip-props';
import { TypeBadge } from '../components/money';
import { TypeDialog } from '../features/transaction-types/type-dialog';
import { CopyTypesDialog } from '../features/transaction-types/copy-types-dialog';
import { failureOf } from '../lib/errors';
import { toOptions, useAllTypes, useCasinos } from '../lib/master-data';
import { useSave } from '../lib/use-save';
import { trpc } from '../trpc';
import { ALL_OPTION as ALL } from '../../shared/constants';
import type { TransactionTypeView } from '../lib/api-types';
import { Select } from '../components/select';

const col = gridColumns<TransactionTypeView & { casinoName: string }>();

/** Spec 2.12. */
export function TypesPage() {
  const types = useAllTypes();
  const casinos = useCasinos();
  const save = useSave();
  const remove = useMutation(trpc.transactionTypes.delete.mutationOptions());
  const [casinoId, setCasinoId] = useState(ALL);
  const [dialog, setDialog] = useState<{ type: TransactionTypeView | null } | null>(null);
  const [deleting, setDeleting] = useState<TransactionTypeView | null>(null);
  const [copying, setCopying] = useState(false);

  const casinoName = useMemo(() => new Map(casinos.data?.map((c) => [c.id, c.name])), [casinos.data]);
  const rows = (types.data ?? []).map((t) => ({ ...t, casinoName: casinoName.get(t.casinoId) ?? 'Unknown casino' }));

  const columns = useMemo<GridColumn<TransactionTypeView & { casinoName: string }>[]>(
    () => [
      col.accessor('name', { header: 'Name', cell: (info) => <TypeBadge name={info.getValue()} /> }),
      col.accessor('casinoName', { header: 'Casino' }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: t } }) => (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${t.name} at ${t.casinoName}`}
              onClick={() => setDialog({ type: t })}
              {...tipProps('Edit type')}
            >
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${t.name} at ${t.casinoName}`}
              onClick={() => setDeleting(t)}
              {...tipProps('Delete type')}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ),
      }),
    ],
    [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await save(() => remove.mutateAsync({ id: deleting.id }), {
      success: ['Deleted', 'Transaction type removed'],
      failure: 'Failed to delete transaction type',
    });
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <SearchableGrid
        label="Transaction types"
        noun="type"
        sortBy={{ name: (t) => t.name, casinoName: (t) => t.casinoName }}
        rows={rows}
        columns={columns}
        loading={types.isPending}
        failure={failureOf(types, casinos)}
        searchIn={(t) => [t.name, t.casinoName]}
        filter={(t) => casinoId === ALL || String(t.casinoId) === casinoId}
        filterControl={
          <>
            <Select
              aria-label="Casino filter"
              w={200}
              data={[{ value: ALL, label: 'All casinos' }, ...toOptions(casinos.data)]}
              value={casinoId}
              allowDeselect={false}
              onChange={(v) => setCasinoId(v ?? ALL)}
            />
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => setCopying(true)}>
              Copy from a casino
            </Button>
          </>
        }
        placeholder="Search types..."
        addLabel="Add Type"
        onAdd={() => setDialog({ type: null })}
        empty={{ title: 'No transaction types found', description: 'Add types such as Purchase, Withdraw or Bonus for each casino.' }}
        minWidth={480}
      />
      <CopyTypesDialog opened={copying} defaultCasinoId={casinoId === ALL ? '' : casinoId} onClose={() => setCopying(false)} />
      <TypeDialog
        opened={dialog !== null}
        type={dialog?.type ?? null}
        defaultCasinoId={casinoId === ALL ? '' : casinoId}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete transaction type"
        danger
        confirmLabel="Delete"
        busy={remove.isPending}
        message={`Are you sure you want to delete the type "${deleting?.name}" at ${deleting ? (casinoName.get(deleting.casinoId) ?? 'Unknown casino') : ''}? This cannot be undone.`}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
