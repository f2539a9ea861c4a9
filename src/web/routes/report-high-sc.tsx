import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateField } from '../components/date-field';
import { IconCash, IconUsers, IconWallet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_HIGH_SC_THRESHOLD } from '../../shared/constants';
import { formatGrouped, toHundredths } from '../../shared/money';
import { FIRST_DAY, LAST_DAY } from '../../shared/dates';
import { REPORT_PAGE_SIZE } from '../../shared/limits';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { LoadError } from '../components/load-error';
import { Pager } from '../components/pager';
import { Coins } from '../components/money';
import { StatCard } from '../components/stat-card';
import { formatCount } from '../lib/format';
import { TypedNumberInput } from '../components/typed-number-input';
import { readThreshold } from '../features/reports/threshold';
import { highScUsd } from '../features/reports/high-sc';
import { failureOf } from '../lib/errors';
import { serverSort } from '../lib/grid-sort';
import { HIGH_SC_SORTS } from '../../shared/sorting';
import { usePage } from '../lib/use-page';
import { trpc } from '../trpc';
import type { HighScRow } from '../lib/api-types';
import { Panel } from '../components/panel';
import { FilterPanel } from '../components/filter-panel';
import { casinoNameCell, customerNameCell } from '../components/record-links';
import { highScInputs } from '../features/reports/high-sc-search';

const route = getRouteApi('/signed-in/reports/high-sc');
const col = gridColumns<HighScRow>();

const columns: GridColumn<HighScRow>[] = [
  col.accessor('customerName', {
    id: 'customer',
    header: 'Customer',
    cell: customerNameCell,
  }),
  col.accessor('casinoName', {
    id: 'casino',
    header: 'Casino',
    cell: casinoNameCell,
  }),
  col.accessor('totalCoins', { id: 'unplayed', header: 'Unplayed Coins', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor('playedCoins', { id: 'played', header: 'Played Coins', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor((r) => formatGrouped(toHundredths(r.totalCoins) + toHundredths(r.playedCoins)), {
    id: 'total',
    header: 'Total Coins',
    cell: (i) => (
      <Text ff="monospace" size="sm" fw={600}>
        {i.getValue()}
      </Text>
    ),
  }),
  col.accessor((r) => formatGrouped(highScUsd(r)), {
    id: 'usd',
    header: 'USD Value',
    cell: (i) => (
      <Text ff="monospace" size="sm" fw={700} c="teal">
        ${i.getValue()}
      </Text>
    ),
  }),
];

/** Spec 2.14. The threshold lives in the URL (and the subtitle). */
export function HighScReportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const threshold = search.threshold ?? DEFAULT_HIGH_SC_THRESHOLD;
  const [text, setText] = useState(String(threshold));
  const [error, setError] = useState<string>();
  const [page, setPage] = usePage(`${threshold} ${search.asOf ?? ''} ${search.sort ?? ''}`);
  // Sorted on the server over every matching link (decision 044), the sort kept in the URL.
  const sorting = serverSort({
    columns: HIGH_SC_SORTS,
    current: search.sort,
    fallback: 'customer',
    textColumns: ['customer', 'casino'],
    apply: (next) => void navigate({ search: (prev) => ({ ...prev, sort: next }), replace: true }),
  });
  const inputs = highScInputs(search, page);
  const query = useQuery({ ...trpc.reports.highSc.queryOptions(inputs.list), placeholderData: keepPreviousData });
  const summary = useQuery(trpc.reports.highScSummary.queryOptions(inputs.summary));
  const rows = query.data ?? [];
  const summaryFailure = failureOf(summary);
  const accounts = summary.data?.accounts ?? 0;

  const show = (value: number) =>
    void navigate({ search: (prev) => ({ ...prev, threshold: value === DEFAULT_HIGH_SC_THRESHOLD ? undefined : value }), replace: true });
  // While typing, a valid threshold applies at once; the fallback to 100 and any message wait until the
  // person leaves the field or presses Enter, so clearing the box to type a new number is not undone.
  const type = (value: string) => {
    setText(value);
    setError(undefined);
    const entry = readThreshold(value);
    if (entry.ok && /\d/.test(value) && Number(value) !== 0) show(entry.value);
  };
  const commit = () => {
    const entry = readThreshold(text);
    if (!entry.ok) return setError(entry.message);
    setText(String(entry.value));
    show(entry.value);
  };

  return (
    <Stack gap="md">
      <FilterPanel
        active={(search.threshold === undefined ? 0 : 1) + (search.asOf === undefined ? 0 : 1)}
        actions={
          <ExportMenu
            server={{ file: 'high-sc', params: inputs.summary, count: summary.data?.accounts }}
            disabled={!summary.data}
            emptyMessage="There are no high SC balances to export"
            noun="high SC records"
          />
        }
      >
        <Group align="flex-end" gap="sm">
          <TypedNumberInput
            whole
            label="Minimum SC Value (USD)"
            value={text}
            onChange={(e) => type(e.currentTarget.value)}
            onBlur={commit}
            onKeyDown={(e) => e.key === 'Enter' && commit()}
            error={error}
            leftSection="$"
            w={220}
          />
          <DateField
            label="As of"
            description={search.asOf ? 'Balances at the end of that day' : 'Today'}
            min={FIRST_DAY}
            max={LAST_DAY}
            value={search.asOf}
            onChange={(asOf) => void navigate({ search: (prev) => ({ ...prev, asOf }), replace: true })}
            w={180}
          />
        </Group>
      </FilterPanel>
      {summaryFailure && <LoadError failure={summaryFailure} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard title="Total Accounts" value={accounts} icon={<IconWallet />} read={summary} />
        <StatCard title="Unique Customers" value={summary.data?.uniqueCustomers ?? 0} icon={<IconUsers />} read={summary} />
        <StatCard
          title="Total USD Value"
          value={`$${formatGrouped(toHundredths(summary.data?.totalUSD ?? '0'))}`}
          icon={<IconCash />}
          read={summary}
          color="teal"
        />
      </SimpleGrid>
      <Panel>
        <Stack gap="sm">
          {summary.isSuccess && (
            // The spec's count line counts accounts (a customer at a casino), not distinct casinos: say so beside it.
            <Text size="sm" c="dimmed">
              <span data-testid="high-sc-count">
                {formatCount(accounts)} casinos above ${formatCount(threshold)}
              </span>
              <span data-testid="high-sc-count-meaning"> · counts accounts (one customer at one casino), not different casinos</span>
            </Text>
          )}
          <DataTable
            label="High SC balances"
            columns={columns}
            data={rows}
            getRowId={(r) => `${r.customerId}-${r.casinoId}`}
            read={query}
            loadingText="Generating report..."
            numeric={['unplayed', 'played', 'total', 'usd']}
            {...sorting}
            minWidth={760}
            empty={<EmptyState title="No high balances found" description={`No casinos have balances above $${formatCount(threshold)}`} />}
          />
          {accounts > REPORT_PAGE_SIZE && (
            <Pager page={page} pageSize={REPORT_PAGE_SIZE} total={accounts} onPage={setPage} noun="accounts" full />
          )}
        </Stack>
      </Panel>
    </Stack>
  );
}
