import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconHourglass, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { toHundredths } from '../../shared/money';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { LoadError } from '../components/load-error';
import { StatCard } from '../components/stat-card';
import { failureOf } from '../lib/errors';
import { formatCount, groupedAmount } from '../lib/format';
import { formatGrouped } from '../../shared/money';
import { trpc } from '../trpc';
import type { PayoutRow } from '../lib/api-types';
import { Panel } from '../components/panel';
import { CasinoLink } from '../components/record-links';

const col = gridColumns<PayoutRow>();
const days = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} days`);
const mono = (text: string) => (
  <Text span ff="monospace" size="sm">
    {text}
  </Text>
);

const columns: GridColumn<PayoutRow>[] = [
  col.accessor('casinoName', { header: 'Casino', cell: (i) => <CasinoLink id={i.row.original.casinoId} name={i.getValue()} fw={600} /> }),
  col.accessor('pendingCount', { header: 'Pending', cell: (i) => mono(formatCount(i.getValue())) }),
  col.accessor('pendingUsd', { header: 'Pending USD', cell: (i) => mono(groupedAmount(i.getValue())) }),
  col.accessor('receivedCount', { header: 'Received', cell: (i) => mono(formatCount(i.getValue())) }),
  col.accessor('medianDays', { header: 'Median time to pay', cell: (i) => mono(days(i.getValue())) }),
  col.accessor('p90Days', { header: '90th percentile', cell: (i) => mono(days(i.getValue())) }),
  col.accessor('rejectedCount', { header: 'Rejected', cell: (i) => mono(formatCount(i.getValue())) }),
];

/** Each casino's payout times (median and 90th percentile over the last 180 days), what it owes, what it rejected. */
export function RedemptionsReportPage() {
  const query = useQuery(trpc.redemptions.report.queryOptions(undefined));
  const failure = failureOf(query);
  const rows = query.data?.rows ?? [];
  const pendingUsd = rows.reduce((sum, r) => sum + toHundredths(r.pendingUsd), 0);
  const sum = (key: 'pendingCount' | 'receivedCount' | 'rejectedCount') => rows.reduce((n, r) => n + r[key], 0);
  return (
    <Stack gap="md">
      <Panel>
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            Received and rejected redemptions since <span style={{ whiteSpace: 'nowrap' }}>{query.data?.since ?? '…'}</span> (180 days);
            pending ones whenever requested.
          </Text>
          <ExportMenu
            server={{ file: 'redemptions', params: {}, count: rows.length }}
            disabled={!query.data || rows.length === 0}
            emptyMessage="There are no redemption data to export"
            noun="redemption records"
          />
        </Group>
      </Panel>
      {failure && <LoadError failure={failure} />}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard
          title="In transit"
          value={`$${formatGrouped(pendingUsd)}`}
          hint={`${formatCount(sum('pendingCount'))} pending`}
          icon={<IconHourglass />}
          read={query}
        />
        <StatCard title="Received" value={sum('receivedCount')} hint="Last 180 days" icon={<IconClockHour4 />} read={query} />
        <StatCard title="Rejected" value={sum('rejectedCount')} hint="Last 180 days" icon={<IconX />} read={query} color="red.8" />
      </SimpleGrid>
      <Panel>
        <DataTable
          label="Payout times by casino"
          columns={columns}
          data={rows}
          getRowId={(r) => String(r.casinoId)}
          read={query}
          loadingText="Generating report..."
          numeric={['pendingCount', 'pendingUsd', 'receivedCount', 'medianDays', 'p90Days', 'rejectedCount']}
          minWidth={820}
          empty={
            <EmptyState title="No redemptions found" description="Request a redemption from Add Transaction or the Redemptions page" />
          }
        />
      </Panel>
    </Stack>
  );
}
