import { Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconUsers, IconWallet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_HIGH_SC_THRESHOLD } from '../../shared/constants';
import { formatGrouped, toHundredths } from '../../shared/money';
import { type HighScRow, REPORT_PAGE_SIZE } from '../../shared/schemas/reports';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { Pager } from '../components/pager';
import { Coins } from '../components/money';
import { StatCard } from '../components/stat-card';
import { highScUsd } from '../features/reports/high-sc';
import { usePage } from '../lib/use-page';
import { trpc } from '../trpc';

const route = getRouteApi('/signed-in/reports/high-sc');
const col = gridColumns<HighScRow>();

/** Spec 5: parsed as an integer; non-numeric or zero falls back to 100. */
export const parseThreshold = (text: string | number) => {
  const n = Math.trunc(Number(text));
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_HIGH_SC_THRESHOLD;
};

const columns: GridColumn<HighScRow>[] = [
  col.accessor('customerName', { header: 'Customer', cell: (i) => <Text fw={600} size="sm">{i.getValue()}</Text> }),
  col.accessor('casinoName', { header: 'Casino' }),
  col.accessor('totalCoins', { id: 'unplayed', header: 'Unplayed Coins', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor('playedCoins', { id: 'played', header: 'Played Coins', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor((r) => formatGrouped(toHundredths(r.totalCoins) + toHundredths(r.playedCoins)), { id: 'total', header: 'Total Coins', cell: (i) => <Text ff="monospace" size="sm" fw={600}>{i.getValue()}</Text> }),
  col.accessor((r) => formatGrouped(highScUsd(r)), { id: 'usd', header: 'USD Value', cell: (i) => <Text ff="monospace" size="sm" fw={700} c="teal.8">${i.getValue()}</Text> }),
];

/** Spec 2.14. The threshold lives in the URL (and the subtitle). */
export function HighScReportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const threshold = search.threshold ?? DEFAULT_HIGH_SC_THRESHOLD;
  const [text, setText] = useState<string | number>(threshold);
  const [page, setPage] = usePage(String(threshold));
  const query = useQuery({
    ...trpc.reports.highSc.queryOptions({ threshold, limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery(trpc.reports.highScSummary.queryOptions({ threshold }));
  const rows = query.data ?? [];
  const accounts = summary.data?.accounts ?? 0;

  const apply = (value: string | number) => {
    setText(value);
    const next = parseThreshold(value);
    void navigate({ search: next === DEFAULT_HIGH_SC_THRESHOLD ? {} : { threshold: next }, replace: true });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <NumberInput
            label="Minimum SC Value (USD)"
            value={text}
            onChange={apply}
            min={0}
            step={10}
            allowDecimal={false}
            prefix="$"
            w={220}
          />
          <ExportMenu server={{ file: 'high-sc', params: { threshold }, count: summary.data?.accounts }} disabled={!summary.data} emptyMessage="There are no high SC balances to export" noun="high SC records" />
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard title="Total Accounts" value={accounts} icon={<IconWallet />} loading={summary.isPending} />
        <StatCard title="Unique Customers" value={summary.data?.uniqueCustomers ?? 0} icon={<IconUsers />} loading={summary.isPending} />
        <StatCard title="Total USD Value" value={`$${formatGrouped(toHundredths(summary.data?.totalUSD ?? '0'))}`} icon={<IconCash />} loading={summary.isPending} color="teal.8" />
      </SimpleGrid>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="high-sc-count">
            {accounts} casinos above ${threshold}
          </Text>
          <DataTable
            label="High SC balances"
            columns={columns}
            data={rows}
            getRowId={(r) => `${r.customerId}-${r.casinoId}`}
            loading={query.isPending}
            loadingText="Generating report..."
            numeric={['unplayed', 'played', 'total', 'usd']}
            minWidth={760}
            empty={<EmptyState title="No high balances found" description={`No casinos have balances above $${threshold}`} />}
          />
          {accounts > REPORT_PAGE_SIZE && <Pager page={page} pageSize={REPORT_PAGE_SIZE} total={accounts} onPage={setPage} noun="accounts" full />}
        </Stack>
      </Paper>
    </Stack>
  );
}
