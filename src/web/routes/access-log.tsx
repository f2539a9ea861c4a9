import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ACCESS_KINDS, type AccessKind } from '../../shared/schemas/access-kinds';
import { ACCESS_LOG_PAGE_SIZE } from '../../shared/limits';
import { ALL_OPTION as ALL } from '../../shared/constants';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { DateRangeFields, UserSelect, withAll } from '../components/report-filters';
import { UrlPager } from '../components/pager';
import { Panel } from '../components/panel';
import { FilterPanel } from '../components/filter-panel';
import { useUrlList } from '../lib/use-url-list';
import { formatDateTime } from '../lib/format';
import { trpc } from '../trpc';
import type { AccessLogEntry } from '../lib/api-types';
import { Select } from '../components/select';

const route = getRouteApi('/signed-in/admin/access-log');
const col = gridColumns<AccessLogEntry>();
const FAILURES = new Set<string>(['sign-in-failed', 'two-factor-failed', 'session-timeout', 'user-deactivated']);
const kindLabel = (kind: string) => ACCESS_KINDS[kind as AccessKind] ?? kind;

const columns: GridColumn<AccessLogEntry>[] = [
  col.accessor('at', { header: 'When', cell: (i) => formatDateTime(i.getValue()) }),
  col.accessor('kind', {
    header: 'Event',
    cell: (i) => (
      <Text size="sm" fw={600} c={FAILURES.has(i.getValue()) ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {kindLabel(i.getValue())}
      </Text>
    ),
  }),
  col.accessor((e) => e.email ?? '', { id: 'email', header: 'Email' }),
  col.accessor((e) => e.ip ?? '', { id: 'ip', header: 'Address' }),
  col.accessor((e) => e.userAgent ?? '', {
    id: 'userAgent',
    header: 'Browser',
    cell: (i) => (
      <Text size="sm" truncate="end" maw={260} title={i.getValue()}>
        {i.getValue()}
      </Text>
    ),
  }),
  col.accessor((e) => e.detail ?? '', { id: 'detail', header: 'Detail' }),
];

/** Every authentication event for admins, newest first, with the API's filters in the URL (decision 103). */
export function AccessLogPage() {
  const users = useQuery(trpc.users.list.queryOptions());
  const { page, filters, rangeOk, query, set, data, active } = useUrlList(route.useSearch(), ACCESS_LOG_PAGE_SIZE, (input) =>
    trpc.accessLog.list.queryOptions(input),
  );

  return (
    <Stack gap="md">
      <FilterPanel
        active={active}
        actions={
          <ExportMenu
            server={{ file: 'access-log', params: filters, count: query.data?.totalCount }}
            disabled={!rangeOk || !query.data}
            emptyMessage="There are no access log entries to export"
            noun="access log entries"
          />
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Event"
            data={withAll(
              'All events',
              Object.entries(ACCESS_KINDS).map(([value, label]) => ({ value, label })),
            )}
            value={filters.kind ?? ALL}
            onChange={(v) => set('kind', v ?? ALL)}
            allowDeselect={false}
          />
          <UserSelect users={users} value={filters.userId} onChange={(v) => set('userId', v)} />
          <DateRangeFields startDate={filters.startDate} endDate={filters.endDate} onDates={set} />
        </SimpleGrid>
      </FilterPanel>
      <Panel>
        <Stack gap="md">
          <DataTable
            label="Access log"
            columns={columns}
            data={data.entries}
            read={query}
            rangeOk={rangeOk}
            minWidth={980}
            empty={<EmptyState title="No access log entries found" description="Try adjusting your filters" />}
          />
          {rangeOk && query.isSuccess && (
            <Group justify="flex-end">
              <UrlPager page={page} pageSize={ACCESS_LOG_PAGE_SIZE} total={data.totalCount} noun="entries" />
            </Group>
          )}
        </Stack>
      </Panel>
    </Stack>
  );
}
