import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCash, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { toHundredths } from '../../shared/money';
import { isOrderedRange } from '../../shared/value-rules';
import { serverSort, servableHistorySorts } from '../lib/grid-sort';
import { HISTORY_SORTS } from '../../shared/sorting';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { LoadError } from '../components/load-error';
import { Coins, RatioBadge, SignedUsd, TypeBadge } from '../components/money';
import { ReportFilters } from '../components/report-filters';
import { typeChoiceFilter, typeNames } from '../components/type-filter';
import { StatCard } from '../components/stat-card';
import { formatDate, formatSignedUsd } from '../lib/format';
import { DateTimeText } from '../features/transactions/transaction-columns';
import { failureOf } from '../lib/errors';
import { typeOptions, useAllTypes, useCasinos } from '../lib/master-data';
import { trpc } from '../trpc';
import type { TypeReportRow } from '../lib/api-types';
import { Panel } from '../components/panel';
import { UrlPager } from '../components/pager';
import { REPORT_PAGE_SIZE } from '../../shared/limits';
import { typesReportInputs } from '../features/reports/types-report-search';
import { casinoNameCell, CustomerLink } from '../components/record-links';

const route = getRouteApi('/signed-in/reports/transaction-types');
const col = gridColumns<TypeReportRow>();

const columns: GridColumn<TypeReportRow>[] = [
  col.accessor('date', { header: 'Date', cell: (i) => <DateTimeText value={i.getValue()} /> }),
  col.accessor((r) => r.customer.name, {
    id: 'customer',
    header: 'Customer',
    cell: (i) => <CustomerLink id={i.row.original.customerId} name={i.getValue()} />,
  }),
  col.accessor('casinoName', { header: 'Casino', cell: casinoNameCell }),
  col.accessor('transactionTypeName', { id: 'type', header: 'Type', cell: (i) => <TypeBadge name={i.getValue()} /> }),
  col.accessor('unplayedCoinsChange', { id: 'unplayed', header: 'Unplayed Change', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor('playedCoinsChange', { id: 'played', header: 'Played Change', cell: (i) => <Coins value={i.getValue()} size="sm" /> }),
  col.accessor('usdChange', { id: 'usd', header: 'USD Change', cell: (i) => <SignedUsd value={i.getValue()} size="sm" /> }),
  col.accessor('purchaseRatio', { id: 'ratio', header: 'Ratio', cell: (i) => <RatioBadge ratio={i.getValue()} /> }),
  col.accessor('totalCoinsAfter', {
    id: 'total',
    header: 'Total SC After',
    cell: (i) => <Coins value={i.getValue()} size="sm" fw={600} />,
  }),
];

/** Spec 2.17. Filters live in the URL; the cards and the export cover every matching transaction. */
export function TransactionTypesReportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const types = useAllTypes();
  const casinos = useCasinos();
  const inputs = typesReportInputs(search);
  const filters = inputs.summary;
  const rangeOk = isOrderedRange(search);
  const rowsQuery = useQuery({ ...trpc.reports.transactionTypes.queryOptions(inputs.rows), enabled: rangeOk });
  const summaryQuery = useQuery({ ...trpc.reports.transactionTypesSummary.queryOptions(filters), enabled: rangeOk });
  const rows = useMemo(() => (rangeOk && rowsQuery.data) || [], [rangeOk, rowsQuery.data]);
  const summary = rangeOk ? summaryQuery.data : undefined;
  const cards = { loading: rangeOk && summaryQuery.isPending, failed: !rangeOk || summaryQuery.isError };
  const summaryFailure = failureOf(summaryQuery);
  // A filter or sort that changes goes back to the first page.
  const set = (key: string, value: string | number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value, page: undefined }) });
  // The rows sort on the server as History's do (decision 044), the sort kept in the URL.
  const sorting = serverSort({
    columns: HISTORY_SORTS,
    current: search.sort,
    fallback: '-date',
    sortable: servableHistorySorts(search.sort ?? '-date', filters, summary?.transactionCount),
    apply: (next) => set('sort', next),
  });

  const usd = toHundredths(summary?.totalUSD ?? '0');
  const range = summary?.firstDate && summary.lastDate ? `${formatDate(summary.firstDate)} – ${formatDate(summary.lastDate)}` : '—';

  return (
    <Stack gap="md">
      <ReportFilters
        selects={[
          typeChoiceFilter(
            typeOptions(types.data, casinos.data),
            typeNames(types.data),
            { transactionTypeId: search.transactionTypeId, typeName: search.typeName },
            (choice) =>
              void navigate({
                search: (prev) => ({ ...prev, transactionTypeId: undefined, typeName: undefined, ...choice, page: undefined }),
              }),
          ),
        ]}
        startDate={search.startDate}
        endDate={search.endDate}
        onDates={set}
        onClear={() => void navigate({ search: {} })}
        canClear={Object.keys(filters).length > 0}
        failure={failureOf(types, casinos)}
        actions={
          <ExportMenu
            server={{ file: 'transaction-types', params: filters, count: summary?.byType.length }}
            disabled={!summary || summary.transactionCount === 0}
            emptyMessage="There are no transaction type data to export"
            noun="transaction type records"
          />
        }
      />
      {summaryFailure && <LoadError failure={summaryFailure} />}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard title="Total Transactions" value={summary?.transactionCount ?? 0} icon={<IconReceipt />} {...cards} />
        <StatCard
          title="Total USD Impact"
          value={formatSignedUsd(summary?.totalUSD ?? '0')}
          color={usd >= 0 ? 'teal' : 'red'}
          icon={<IconCash />}
          {...cards}
        />
        <StatCard title="Unique Customers" value={summary?.uniqueCustomers ?? 0} icon={<IconUsers />} {...cards} />
        <StatCard
          title="Date Range"
          value={
            <Text span fz="md" fw={700}>
              {range}
            </Text>
          }
          icon={<IconCalendar />}
          {...cards}
        />
      </SimpleGrid>
      <Panel>
        <Stack gap="sm">
          <DataTable
            label="Transactions by type"
            columns={columns}
            data={rows}
            read={rowsQuery}
            rangeOk={rangeOk}
            loadingText="Loading transactions..."
            numeric={['unplayed', 'played', 'usd', 'ratio', 'total']}
            {...sorting}
            minWidth={900}
            empty={<EmptyState title="No transactions found" />}
          />
          {rangeOk && !rowsQuery.isError && summary && (
            <UrlPager page={search.page ?? 1} pageSize={REPORT_PAGE_SIZE} total={summary.transactionCount} />
          )}
        </Stack>
      </Panel>
    </Stack>
  );
}
