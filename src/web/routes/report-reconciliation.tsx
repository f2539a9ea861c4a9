import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { BrokenReconciliations } from '../features/customer-casinos';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { parseWholeNumber } from '../../shared/money';
import { DEFAULT_STALE_DAYS, RECONCILIATION_PAGE_SIZE } from '../../shared/limits';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { LoadError } from '../components/load-error';
import { Coins } from '../components/money';
import { UrlPager } from '../components/pager';
import { StatCard } from '../components/stat-card';
import { TypedNumberInput } from '../components/typed-number-input';
import { failureOf } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { trpc } from '../trpc';
import type { ReconciliationRow } from '../lib/api-types';
import { Panel } from '../components/panel';
import { FilterPanel } from '../components/filter-panel';
import { casinoNameCell, customerNameCell } from '../components/record-links';
import { reconciliationInput } from '../features/reports/reconciliation-search';
import { Segmented } from '../components/segmented';

const route = getRouteApi('/signed-in/reports/reconciliation');
const col = gridColumns<ReconciliationRow>();

const columns: GridColumn<ReconciliationRow>[] = [
  col.accessor('customerName', {
    header: 'Customer',
    cell: customerNameCell,
  }),
  col.accessor('casinoName', { header: 'Casino', cell: casinoNameCell }),
  col.accessor('lastReconciledAt', { header: 'Last reconciled', cell: (i) => (i.getValue() ? formatDateTime(i.getValue()!) : 'Never') }),
  col.accessor('lastReconciledBy', { header: 'By', cell: (i) => i.getValue() ?? '—' }),
  col.accessor('differenceUnplayed', {
    header: 'Unplayed difference',
    cell: (i) => (i.getValue() === null ? '—' : <Coins value={i.getValue()!} size="sm" />),
  }),
  col.accessor('differencePlayed', {
    header: 'Played difference',
    cell: (i) => (i.getValue() === null ? '—' : <Coins value={i.getValue()!} size="sm" />),
  }),
  col.accessor('stale', {
    header: 'Status',
    cell: (i) => (
      <Badge color={i.getValue() ? 'orange' : 'teal'} variant="light">
        {i.getValue() ? 'Due' : 'Reconciled'}
      </Badge>
    ),
  }),
];

/** Which links were reconciled when, by whom, with what difference, and which are due. */
export function ReconciliationReportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const staleDays = search.staleDays ?? DEFAULT_STALE_DAYS;
  const [text, setText] = useState(String(staleDays));
  const [error, setError] = useState<string>();
  const page = search.page ?? 1;
  const query = useQuery({
    ...trpc.customerCasinos.reconciliationReport.queryOptions(reconciliationInput(search)),
    placeholderData: keepPreviousData,
  });
  const failure = failureOf(query);

  const commit = () => {
    const parsed = parseWholeNumber(text);
    if (!parsed.ok || parsed.value < 1 || parsed.value > 3650) return setError('Must be a whole number from 1 to 3650');
    setError(undefined);
    void navigate({ search: { staleDays: parsed.value === DEFAULT_STALE_DAYS ? undefined : parsed.value } });
  };

  return (
    <Stack gap="md">
      <FilterPanel
        active={staleDays === DEFAULT_STALE_DAYS ? 0 : 1}
        actions={
          search.show === 'broken' ? undefined : (
            <ExportMenu
              server={{ file: 'reconciliation', params: { staleDays }, count: query.data?.totalCount }}
              disabled={!query.data}
              emptyMessage="There are no reconciliation data to export"
              noun="reconciliation records"
            />
          )
        }
      >
        <Segmented
          aria-label="Show"
          data={[
            { value: 'links', label: 'Links' },
            { value: 'broken', label: 'Broken' },
          ]}
          value={search.show ?? 'links'}
          onChange={(v) => void navigate({ search: (s) => ({ ...s, page: undefined, show: v === 'broken' ? 'broken' : undefined }) })}
        />
        {search.show !== 'broken' && (
          <TypedNumberInput
            whole
            label="Due after (days)"
            description="Links not reconciled within this many days are due"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={commit}
            onKeyDown={(e) => e.key === 'Enter' && commit()}
            error={error}
            maw={260}
          />
        )}
      </FilterPanel>
      {search.show === 'broken' && (
        <Panel>
          <BrokenReconciliations page={page} />
        </Panel>
      )}
      {failure && search.show !== 'broken' && <LoadError failure={failure} />}
      {search.show !== 'broken' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StatCard title="Active links" value={query.data?.totalCount ?? 0} icon={<IconScale />} read={query} />
            <StatCard
              title="Due for reconciliation"
              value={query.data?.staleCount ?? 0}
              hint={`Not reconciled within ${staleDays} days`}
              icon={<IconAlertTriangle />}
              read={query}
              color="orange.8"
            />
          </SimpleGrid>
          <Panel>
            <Stack gap="sm">
              <DataTable
                label="Reconciliation"
                columns={columns}
                data={query.data?.rows ?? []}
                getRowId={(r) => `${r.customerId}-${r.casinoId}`}
                read={query}
                numeric={['differenceUnplayed', 'differencePlayed']}
                minWidth={900}
                empty={<EmptyState title="No active links" description="Register customers at casinos to reconcile their balances" />}
              />
              {query.isSuccess && query.data.totalCount > RECONCILIATION_PAGE_SIZE && (
                <UrlPager page={page} pageSize={RECONCILIATION_PAGE_SIZE} total={query.data.totalCount} noun="links" />
              )}
            </Stack>
          </Panel>
        </>
      )}
    </Stack>
  );
}
