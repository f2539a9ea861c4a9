import { Badge, Box, SimpleGrid, Stack } from '@mantine/core';
import { IconChartPie, IconScale, IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { avgPerTransaction, profitStatus } from '../../shared/ledger';
import { formatHundredths, toHundredths } from '../../shared/money';
import { formatSignedUsd } from '../lib/format';
import { REPORT_PAGE_SIZE } from '../../shared/limits';
import { isOrderedRange } from '../../shared/value-rules';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { LoadError } from '../components/load-error';
import { Pager } from '../components/pager';
import { SignedUsd } from '../components/money';
import { casinoFilter, customerFilter, ReportFilters } from '../components/report-filters';
import { StatCard } from '../components/stat-card';
import { failureOf } from '../lib/errors';
import { useCasinos, useCustomers } from '../lib/master-data';
import { usePage } from '../lib/use-page';
import { serverSort } from '../lib/grid-sort';
import { PROFITABILITY_SORTS } from '../../shared/sorting';
import { trpc } from '../trpc';
import type { ProfitabilityRow } from '../lib/api-types';
import { Panel } from '../components/panel';
import { casinoNameCell, customerNameCell } from '../components/record-links';
import { profitabilityInputs } from '../features/reports/profitability-search';

const route = getRouteApi('/signed-in/reports/profitability');
const col = gridColumns<ProfitabilityRow>();
const STATUS_COLOR = { Profitable: 'teal', Loss: 'red', 'Break Even': 'gray' } as const;

const columns: GridColumn<ProfitabilityRow>[] = [
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
  col.accessor('totalUSD', { id: 'usd', header: 'Total USD', cell: (i) => <SignedUsd value={i.getValue()} size="sm" dollar /> }),
  col.accessor('transactionCount', { id: 'count', header: 'Transactions' }),
  col.accessor((r) => formatHundredths(avgPerTransaction(toHundredths(r.totalUSD), r.transactionCount)), {
    id: 'avg',
    header: 'Avg per Transaction',
    cell: (i) => <SignedUsd value={i.getValue()} size="sm" fw={500} dollar />,
  }),
  col.accessor((r) => profitStatus(toHundredths(r.totalUSD)), {
    id: 'status',
    header: 'Status',
    cell: (i) => {
      const status = i.getValue() as keyof typeof STATUS_COLOR;
      return (
        <Badge color={STATUS_COLOR[status]} variant="light">
          {status}
        </Badge>
      );
    },
  }),
];

function ProfitabilityReport() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const customers = useCustomers();
  const casinos = useCasinos();
  const [page, setPage] = usePage(JSON.stringify(search));
  const inputs = profitabilityInputs(search, page);
  const filters = inputs.summary;
  const rangeOk = isOrderedRange(search);
  const query = useQuery({
    ...trpc.reports.profitability.queryOptions(inputs.list),
    placeholderData: keepPreviousData,
    enabled: rangeOk,
  });
  const summary = useQuery({ ...trpc.reports.profitabilitySummary.queryOptions(filters), enabled: rangeOk });
  const cards = { loading: rangeOk && summary.isPending, failed: !rangeOk || summary.isError };
  const summaryFailure = failureOf(summary);
  const rows = (rangeOk && query.data) || [];
  const total = toHundredths(summary.data?.totalUSD ?? '0');
  const entries = summary.data?.entries ?? 0;
  const set = (key: string, value: string | number | undefined) => void navigate({ search: (prev) => ({ ...prev, [key]: value }) });
  // Sorted on the server over every matching pair (decision 044), the sort kept in the URL.
  const sorting = serverSort({
    columns: PROFITABILITY_SORTS,
    current: search.sort,
    fallback: '-usd',
    textColumns: ['customer', 'casino'],
    apply: (next) => set('sort', next),
  });

  return (
    <Stack gap="md">
      <ReportFilters
        selects={[
          customerFilter(customers.data, search.customerId, (v) => set('customerId', v)),
          casinoFilter(casinos.data, search.casinoId, (v) => set('casinoId', v)),
        ]}
        startDate={search.startDate}
        endDate={search.endDate}
        onDates={set}
        onClear={() => void navigate({ search: {} })}
        canClear={Object.keys(filters).length > 0}
        failure={failureOf(customers, casinos)}
        actions={
          <ExportMenu
            server={{ file: 'profitability', params: filters, count: entries }}
            disabled={entries === 0}
            emptyMessage="There are no profitability data to export"
            noun="profitability records"
          />
        }
      />
      {summaryFailure && <LoadError failure={summaryFailure} />}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          title="Total Profit/Loss"
          value={formatSignedUsd(summary.data?.totalUSD ?? '0')}
          color={total >= 0 ? 'teal' : 'red'}
          icon={<IconScale />}
          {...cards}
        />
        <StatCard title="Profitable" value={summary.data?.profitable ?? 0} icon={<IconTrendingUp />} {...cards} />
        <StatCard title="Loss Making" value={summary.data?.loss ?? 0} icon={<IconTrendingDown />} {...cards} />
        <StatCard title="Total Entries" value={entries} hint="Customer-casino pairs" icon={<IconChartPie />} {...cards} />
      </SimpleGrid>
      <Panel>
        <DataTable
          label="Profitability"
          columns={columns}
          data={rows}
          getRowId={(r) => `${r.customerId}-${r.casinoId}`}
          read={query}
          rangeOk={rangeOk}
          loadingText="Generating report..."
          numeric={['usd', 'count', 'avg']}
          {...sorting}
          minWidth={720}
          empty={<EmptyState title="No profitability data found" description="Try adjusting your filters or ensure transactions exist" />}
        />
        {entries > REPORT_PAGE_SIZE && (
          <Box mt="sm">
            <Pager page={page} pageSize={REPORT_PAGE_SIZE} total={entries} onPage={setPage} noun="pairs" full />
          </Box>
        )}
      </Panel>
    </Stack>
  );
}

/** Spec 2.15: admins only (the route sends others away, route-guards.ts). */
export function ProfitabilityReportPage() {
  return <ProfitabilityReport />;
}
