import { Badge, Box, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { AUDIT_ENTITIES } from '../../shared/schemas/audit-entities';
import { AUDIT_PAGE_SIZE } from '../../shared/limits';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { DateRangeFields, UserSelect, withAll } from '../components/report-filters';
import { UrlPager } from '../components/pager';
import { AuditChanges, useAuditNames } from '../features/audit/audit-changes';
import { auditActionLabel, auditEntityLabel, auditRecordText, type AuditNames } from '../../shared/audit-text';
import { DateTimeText } from '../features/transactions/transaction-columns';
import { NameText } from '../components/name-text';
import { trpc } from '../trpc';
import { ALL_OPTION as ALL } from '../../shared/constants';
import type { AuditEntryView } from '../lib/api-types';
import { Panel } from '../components/panel';
import { FilterPanel } from '../components/filter-panel';
import { useUrlList } from '../lib/use-url-list';
import { Select } from '../components/select';

const route = getRouteApi('/signed-in/admin/audit');
const col = gridColumns<AuditEntryView>();

/** The grid's columns, read with the names the screen holds (one formatter with the export, decision 116). */
const auditColumns = (names: AuditNames): GridColumn<AuditEntryView>[] => [
  col.accessor('at', { header: 'When', cell: (i) => <DateTimeText value={i.getValue()} /> }),
  col.accessor((e) => (e.user ? (names.users.get(e.user.id) ?? e.user.email) : 'System'), {
    id: 'user',
    header: 'User',
    cell: (i) => <NameText name={i.getValue()} />,
  }),
  col.accessor('action', { header: 'Action', cell: (i) => <Badge variant="light">{auditActionLabel(i.getValue())}</Badge> }),
  col.accessor((e) => auditRecordText(e, names), { id: 'entity', header: 'Record', cell: (i) => <NameText name={i.getValue()} /> }),
  col.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row: { original: e } }) => (
      <Box miw={{ base: 0, sm: 260 }} maw={520} style={{ whiteSpace: 'normal' }}>
        <AuditChanges before={e.before} after={e.after} names={names} />
      </Box>
    ),
  }),
];

/** The audit trail for admins, newest first, with the API's filters in the URL. */
function AuditScreen() {
  const { names, users } = useAuditNames({ users: true });
  const columns = useMemo(() => auditColumns(names), [names]);
  const { page, filters, rangeOk, query, set, data, active } = useUrlList(route.useSearch(), AUDIT_PAGE_SIZE, (input) =>
    trpc.audit.list.queryOptions(input),
  );

  return (
    <Stack gap="md">
      <FilterPanel
        active={active}
        actions={
          <ExportMenu
            server={{ file: 'audit', params: filters, count: query.data?.totalCount }}
            disabled={!rangeOk || !query.data}
            emptyMessage="There are no audit entries to export"
            noun="audit records"
          />
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            label="Record type"
            data={withAll(
              'All records',
              AUDIT_ENTITIES.map((e) => ({ value: e, label: auditEntityLabel(e) })),
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
          <UserSelect users={users} value={filters.userId} onChange={(v) => set('userId', v)} />
          <DateRangeFields startDate={filters.startDate} endDate={filters.endDate} onDates={set} />
        </SimpleGrid>
      </FilterPanel>
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
