import { Button, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HISTORY_PAGE_SIZE } from '../../shared/constants';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { Coins, SignedUsd, TypeBadge } from '../components/money';
import { Pager } from '../components/pager';
import { failureOf, messageOf } from '../lib/errors';
import { formatDate, formatDateTime, formatTime } from '../lib/format';
import { NameText } from '../components/name-text';
import { DateTimeText } from '../features/transactions/transaction-columns';
import { notifyError, notifySuccess } from '../lib/notify';
import { trpc } from '../trpc';
import type { DeletedTransactionView } from '../lib/api-types';
import { Panel } from '../components/panel';

const col = gridColumns<DeletedTransactionView>();

/** Deleted transactions (admin), most recent deletion first, each with Restore. */
function DeletedScreen() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.transactions.deleted.queryOptions({ limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const restore = useMutation(trpc.transactions.restore.mutationOptions());

  const restoreOne = async (t: DeletedTransactionView) => {
    try {
      await restore.mutateAsync({ id: t.id });
      notifySuccess(undefined, 'The transaction was restored');
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to restore transaction'));
    }
  };

  const columns: GridColumn<DeletedTransactionView>[] = [
    col.accessor('date', { header: 'Date', cell: (i) => <DateTimeText value={i.getValue()} /> }),
    // Customer over casino in one column, so the Restore button stays inside the window at 1280 px.
    col.accessor((t) => `${t.customer.name} at ${t.casino.name}`, {
      id: 'pair',
      header: 'Customer / Casino',
      cell: ({ row: { original: t } }) => (
        <>
          <NameText name={t.customer.name} display="block" />
          <NameText name={t.casino.name} size="xs" c="dimmed" display="block" />
        </>
      ),
    }),
    col.accessor((t) => t.transactionType.name, { id: 'type', header: 'Type', cell: (i) => <TypeBadge name={i.getValue()} /> }),
    col.accessor('unplayedCoinsChange', { header: 'Unplayed', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
    col.accessor('playedCoinsChange', { header: 'Played', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
    col.accessor('usdChange', { header: 'USD', cell: (i) => <SignedUsd value={i.getValue()} size="sm" /> }),
    // When on one line and who under it, so the Restore button stays inside the window at 1280 px.
    col.accessor((t) => `${formatDateTime(t.deletedAt)} · ${t.deletedBy?.email ?? 'System'}`, {
      id: 'deleted',
      header: 'Deleted',
      cell: ({ row: { original: t } }) => (
        <Text size="sm" title={`${formatDateTime(t.deletedAt)} by ${t.deletedBy?.email ?? 'System'}`} style={{ lineHeight: 1.3 }}>
          {formatDate(t.deletedAt)}
          <Text span display="block" size="xs" c="dimmed" inherit={false}>
            {formatTime(t.deletedAt)}
          </Text>
          <NameText name={t.deletedBy?.email ?? 'System'} size="xs" c="dimmed" display="block" />
        </Text>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: t } }) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRestore size={14} />}
          onClick={() => void restoreOne(t)}
          loading={restore.isPending && restore.variables?.id === t.id}
          aria-label={`Restore transaction ${t.id}`}
        >
          Restore
        </Button>
      ),
    }),
  ];

  return (
    <Panel>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A restored transaction returns with its id, date and values; balances are recomputed.
        </Text>
        <DataTable
          label="Deleted transactions"
          columns={columns}
          data={query.data?.transactions ?? []}
          loading={query.isPending}
          failure={failureOf(query)}
          numeric={['unplayedCoinsChange', 'playedCoinsChange', 'usdChange']}
          minWidth={900}
          empty={<EmptyState title="No deleted transactions" />}
        />
        {query.isSuccess && <Pager full page={page} pageSize={HISTORY_PAGE_SIZE} total={query.data.totalCount} onPage={setPage} />}
      </Stack>
    </Panel>
  );
}

export function DeletedTransactionsPage() {
  return <DeletedScreen />;
}
