import { Alert, Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatHundredths, toHundredths } from '../../../shared/money';
import type { ReconciliationView } from '../../../shared/schemas/reconciliations';
import { RECONCILIATIONS_PAGE_SIZE } from '../../../shared/limits';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../../components/data-table';
import { casinoNameCell, customerNameCell } from '../../components/record-links';
import { LoadError } from '../../components/load-error';
import { Coins } from '../../components/money';
import { UrlPager } from '../../components/pager';
import { RouterAnchor } from '../../components/router-link';
import { failureOf } from '../../lib/errors';
import { formatCount, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';

const col = gridColumns<ReconciliationView>();
const difference = (ledger: string, recorded: string) => formatHundredths(toHundredths(ledger) - toHundredths(recorded));

const columns: GridColumn<ReconciliationView>[] = [
  col.accessor('customerName', {
    header: 'Customer',
    cell: customerNameCell,
  }),
  col.accessor('casinoName', { header: 'Casino', cell: casinoNameCell }),
  col.accessor('at', { header: 'Reconciled', cell: (i) => formatDateTime(i.getValue()) }),
  col.accessor('recordedUnplayed', { header: 'Recorded unplayed', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor('ledgerUnplayedAtThatMoment', { header: 'Ledger unplayed then', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor((r) => difference(r.ledgerUnplayedAtThatMoment, r.recordedUnplayed), {
    id: 'unplayedDifference',
    header: 'Unplayed difference',
    cell: (i) => <Coins value={i.getValue()} size="sm" fw={600} />,
  }),
  col.accessor('recordedPlayed', { header: 'Recorded played', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor('ledgerPlayedAtThatMoment', { header: 'Ledger played then', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor((r) => difference(r.ledgerPlayedAtThatMoment, r.recordedPlayed), {
    id: 'playedDifference',
    header: 'Played difference',
    cell: (i) => <Coins value={i.getValue()} size="sm" fw={600} />,
  }),
  col.accessor('status', {
    header: 'Status',
    cell: () => (
      <Badge color="red" variant="light">
        Broken
      </Badge>
    ),
  }),
];

/**
 * Reconciliations a later change broke (decision 191): what the casino reported, what the ledger now
 * holds at that moment, and the differences.
 */
export function BrokenReconciliations({ page }: { page: number }) {
  const query = useQuery({
    ...trpc.customerCasinos.reconciliations.queryOptions({
      status: 'broken',
      limit: RECONCILIATIONS_PAGE_SIZE,
      offset: (page - 1) * RECONCILIATIONS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const failure = failureOf(query);
  return (
    <Stack gap="sm">
      {failure && <LoadError failure={failure} />}
      <DataTable
        label="Broken reconciliations"
        columns={columns}
        data={query.data?.reconciliations ?? []}
        getRowId={(r) => String(r.id)}
        read={query}
        numeric={[
          'recordedUnplayed',
          'ledgerUnplayedAtThatMoment',
          'unplayedDifference',
          'recordedPlayed',
          'ledgerPlayedAtThatMoment',
          'playedDifference',
        ]}
        minWidth={1100}
        empty={<EmptyState title="No broken reconciliations" description="Every reconciliation still matches the ledger at its moment" />}
      />
      {query.isSuccess && query.data.totalCount > RECONCILIATIONS_PAGE_SIZE && (
        <UrlPager page={page} pageSize={RECONCILIATIONS_PAGE_SIZE} total={query.data.totalCount} noun="reconciliations" />
      )}
    </Stack>
  );
}

/** The Dashboard's notice, shown only when a later change broke a reconciliation. */
export function BrokenReconciliationsNotice() {
  const query = useQuery(trpc.customerCasinos.reconciliations.queryOptions({ status: 'broken', limit: 1 }));
  const failure = failureOf(query);
  if (failure) return <LoadError failure={failure} compact />;
  const count = query.data?.totalCount ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={`${formatCount(count)} broken ${count === 1 ? 'reconciliation' : 'reconciliations'}`}
      data-testid="broken-reconciliations"
    >
      <Text size="sm">
        A later change made the ledger differ from what a casino reported.{' '}
        <RouterAnchor to="/reports/reconciliation" search={{ show: 'broken' }} c="inherit" underline="always" fw={600}>
          See the differences
        </RouterAnchor>
      </Text>
    </Alert>
  );
}
