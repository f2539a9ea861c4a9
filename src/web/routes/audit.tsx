import { Badge, Box, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE } from '../../shared/schemas/audit';
import { isOrderedRange } from '../../shared/schemas/common';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { DateRangeFields, IdSelect, withAll } from '../components/report-filters';
import { UrlPager } from '../components/pager';
import { actionLabel, AuditChanges } from '../features/audit/audit-changes';
import { formatDateTime } from '../lib/format';
import { trpc } from '../trpc';
import { ALL_OPTION as ALL } from '../../shared/constants';
import type { AuditEntryView } from '../lib/api-types';
import { Panel } from '../components/panel';

const route = getRouteApi('/signed-in/admin/audit');
const col = gridColumns<AuditEntryView>();

const ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  transaction: 'Transaction',
  customer: 'Customer',
  casino: 'Casino',
  link: 'Customer casino',
  transactionType: 'Transaction type',
  user: 'User',
  session: 'Sign-in',
  redemption: 'Redemption',
  checkIn: 'Check-in',
};

const columns: GridColumn<AuditEntryView>[] = [
  col.accessor('at', { header: 'When', cell: (i) => formatDateTime(i.getValue()) }),
  col.accessor((e) => e.user?.email ?? 'System', { id: 'user', header: 'User' }),
  col.accessor('action', { header: 'Action', cell: (i) => <Badge variant="light">{actionLabel(i.getValue())}</Badge> }),
  col.accessor(
    (e) => `${ENTITY_LABELS[e.entity as keyof typeof ENTITY_LABELS] ?? e.entity}${e.entityId === null ? '' : ` #${e.entityId}`}`,
    { id: 'entity', header: 'Record' },
  ),
  col.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row: { original: e } }) => (
      <Box maw={520} style={{ whiteSpace: 'normal' }}>
        <AuditChanges before={e.before} after={e.after} />
      </Box>
    ),
  }),
];

/** The audit trail for admins, newest first, with the API's filters in the URL. */
function AuditScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const users = useQuery(trpc.users.list.queryOptions());
  const { page = 1, ...filters } = search;
  const rangeOk = isOrderedRange(filters);
  const query = useQuery({
    ...trpc.audit.list.queryOptions({ ...filters, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: rangeOk,
  });
  const set = (key: string, value: string | number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value === '' || value === ALL ? undefined : value, page: undefined }) });
  const data = (rangeOk && query.data) || { entries: [], totalCount: 0 };

  return (
    <Stack gap="md">
      <Panel>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            label="Record type"
            data={withAll(
              'All records',
              AUDIT_ENTITIES.map((e) => ({ value: e, label: ENTITY_LABELS[e] })),
            )}
            value={filters.entity ?? ALL}
            onChange={(v) => set('entity', v ?? ALL)}
            allowDeselect={false}
          />
          <TextInput
            label="Record id"
            inputMode="numeric"
            value={filters.entityId ?? ''}
            onChange={(e) => set('entityId', /^\d+$/.test(e.currentTarget.value) ? Number(e.currentTarget.value) : undefined)}
          />
          <IdSelect
            label="User"
            allLabel="All users"
            options={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.email }))}
            value={filters.userId}
            onChange={(v) => set('userId', v)}
            error={users.isError ? 'The users could not be loaded' : undefined}
          />
          <DateRangeFields startDate={filters.startDate} endDate={filters.endDate} onDates={set} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <ExportMenu
            server={{ file: 'audit', params: filters, count: query.data?.totalCount }}
            disabled={!rangeOk || !query.data}
            emptyMessage="There are no audit entries to export"
            noun="audit records"
          />
        </Group>
      </Panel>
      <Panel>
        <Stack gap="md">
          <DataTable
            label="Audit trail"
            columns={columns}
            data={data.entries}
            read={query}
            rangeOk={rangeOk}
            minWidth={900}
            empty={<EmptyState title="No audit entries found" description="Try adjusting your filters" />}
          />
          {rangeOk && query.isSuccess && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" />
              <UrlPager page={page} pageSize={AUDIT_PAGE_SIZE} total={data.totalCount} noun="entries" />
            </Group>
          )}
        </Stack>
      </Panel>
    </Stack>
  );
}

export function AuditPage() {
  return <AuditScreen />;
}
