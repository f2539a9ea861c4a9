import { Button, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconCashBanknote, IconHourglass, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { REDEMPTION_STATUSES, type RedemptionStatus } from '../../shared/constants';
import { REDEMPTIONS_PAGE_SIZE } from '../../shared/limits';
import { DataTable, EmptyState } from '../components/data-table';
import { UrlPager } from '../components/pager';
import { casinoFilter, customerFilter, IdSelect } from '../components/report-filters';
import { StatCard } from '../components/stat-card';
import { type RedemptionAction, RedemptionActionDialog } from '../features/redemptions/redemption-actions';
import { redemptionColumns, STATUS_LABELS } from '../features/redemptions/redemption-columns';
import { RequestRedemptionDialog, type RedemptionTarget } from '../features/redemptions/request-redemption-dialog';
import { formatCount, groupedAmount } from '../lib/format';
import { useCasinos, useCustomers } from '../lib/master-data';
import { trpc } from '../trpc';
import { Panel } from '../components/panel';
import { FilterPanel } from '../components/filter-panel';
import { redemptionsInput } from '../features/redemptions/redemptions-search';

const route = getRouteApi('/signed-in/redemptions');
const TABS = [...REDEMPTION_STATUSES, 'all'] as const;

/** Redemptions in transit; Pending first, with the In transit total and each row's age. */
export function RedemptionsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const status = search.status ?? 'pending';
  const page = search.page ?? 1;
  const customers = useCustomers();
  const casinos = useCasinos();
  const [action, setAction] = useState<RedemptionAction | null>(null);
  const [requesting, setRequesting] = useState<RedemptionTarget | null>(null);
  const query = useQuery({
    ...trpc.redemptions.list.queryOptions(redemptionsInput(search)),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => redemptionColumns(setAction, status), [status]);
  const setFilter = (key: 'customerId' | 'casinoId', value: number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value, page: undefined }) });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StatCard
          title="In transit"
          value={query.data ? `$${groupedAmount(query.data.inTransitUsd)}` : '—'}
          hint={
            query.data
              ? `${formatCount(query.data.inTransitCount)} pending ${query.data.inTransitCount === 1 ? 'redemption' : 'redemptions'}`
              : undefined
          }
          icon={<IconHourglass />}
          read={query}
        />
        <StatCard
          title={status === 'all' ? 'Redemptions' : STATUS_LABELS[status]}
          value={query.data?.totalCount ?? 0}
          hint="Under the filters"
          icon={<IconCashBanknote />}
          read={query}
        />
      </SimpleGrid>
      <FilterPanel
        active={(search.customerId ? 1 : 0) + (search.casinoId ? 1 : 0)}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setRequesting({ customerId: search.customerId, casinoId: search.casinoId })}
          >
            Request redemption
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <IdSelect {...customerFilter(customers.data, search.customerId, (v) => setFilter('customerId', v))} />
          <IdSelect {...casinoFilter(casinos.data, search.casinoId, (v) => setFilter('casinoId', v))} />
        </SimpleGrid>
      </FilterPanel>
      <Panel>
        <Tabs
          value={status}
          onChange={(v) =>
            void navigate({
              search: (prev) => ({
                ...prev,
                status: v && v !== 'pending' ? (v as Exclude<RedemptionStatus, 'pending'> | 'all') : undefined,
                page: undefined,
              }),
            })
          }
          mb="sm"
          className="status-tabs"
        >
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {t === 'all' ? 'All' : STATUS_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Stack gap="sm">
          <DataTable
            label="Redemptions"
            columns={columns}
            data={query.data?.redemptions ?? []}
            read={query}
            numeric={['unplayedCoins', 'expectedUsd', 'usdReceived', 'actions']}
            minWidth={status === 'pending' ? 900 : 1020}
            empty={
              <EmptyState
                title="No redemptions found"
                description={status === 'pending' ? 'Nothing is in transit under these filters' : 'Try another tab or filter'}
              />
            }
          />
          {query.isSuccess && query.data.totalCount > REDEMPTIONS_PAGE_SIZE && (
            <UrlPager page={page} pageSize={REDEMPTIONS_PAGE_SIZE} total={query.data.totalCount} noun="redemptions" />
          )}
        </Stack>
      </Panel>
      <RedemptionActionDialog action={action} onClose={() => setAction(null)} />
      <RequestRedemptionDialog target={requesting} onClose={() => setRequesting(null)} />
    </Stack>
  );
}
