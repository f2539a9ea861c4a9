import { Group, Progress, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { DateField } from '../components/date-field';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { CHECK_IN_PAGE_SIZE } from '../../shared/limits';
import { FIRST_DAY, LAST_DAY } from '../../shared/dates';
import { type CheckInSort, parseSort, type SortText, sortText } from '../../shared/sorting';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { UrlPager } from '../components/pager';
import { ALL, casinoFilter, customerFilter, IdSelect } from '../components/report-filters';
import { CheckInCard, CheckInRow, rowKey } from '../features/check-ins/check-in-row';
import { failureOf, fieldIssuesOf, httpStatusOf, isUnauthorized, messageOf } from '../lib/errors';
import { formatCount, formatDay, groupedAmount } from '../lib/format';
import { useCasinos, useCustomers } from '../lib/master-data';
import { notifyError, notifySuccess } from '../lib/notify';
import { trpc } from '../trpc';
import type { CheckInBoard, CheckInRowView } from '../lib/api-types';
import { Panel } from '../components/panel';
import { FilterPanel } from '../components/filter-panel';
import { usePhone } from '../components/use-phone';
import { useGrowingRows } from '../components/use-growing-rows';
import { Select } from '../components/select';
import { TableScroll } from '../components/table-scroll';
import { boardInput } from '../features/check-ins/board-search';
import { Segmented } from '../components/segmented';

const route = getRouteApi('/signed-in/check-ins');
/** The day column's header: "Today" on today's board, else the day shown. */
const DAY_COLUMN = 'day';
const HEADERS: { id: CheckInSort | null; label: string; right?: boolean }[] = [
  { id: 'customer', label: 'Customer' },
  { id: 'casino', label: 'Casino' },
  { id: null, label: DAY_COLUMN },
  { id: null, label: 'SC', right: true },
  { id: 'streak', label: 'Streak', right: true },
  { id: 'last', label: 'Last check-in' },
  { id: null, label: 'Action', right: true },
];

/** Cards a phone builds at once (a page is CHECK_IN_PAGE_SIZE links), then as many more as they scroll near. */
const PHONE_CARDS = 20;

/** A phone has no column headers to sort by: the same sorts in one list (`-` for descending). */
const PHONE_SORTS: { value: SortText<CheckInSort>; label: string }[] = [
  { value: 'customer', label: 'Customer (A-Z)' },
  { value: '-customer', label: 'Customer (Z-A)' },
  { value: 'casino', label: 'Casino (A-Z)' },
  { value: '-casino', label: 'Casino (Z-A)' },
  { value: '-streak', label: 'Streak (longest first)' },
  { value: 'streak', label: 'Streak (shortest first)' },
  { value: '-last', label: 'Last check-in (latest first)' },
  { value: 'last', label: 'Last check-in (oldest first)' },
];

/**
 * The daily check-in board. One tab stop: arrows move between rows, Enter opens the SC field,
 * Enter saves and moves to the next row not done; a second check-in the same day asks to be confirmed
 * as a correction of the day's SC (the server answers 409 otherwise), which replaces it (decision 098).
 */
export function CheckInsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const customers = useCustomers();
  const casinos = useCasinos();
  const page = search.page ?? 1;
  const input = boardInput(search);
  const sort: CheckInSort = input.sort;
  const options = trpc.checkIns.board.queryOptions(input);
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const record = useMutation(trpc.checkIns.record.mutationOptions());
  const rows = query.data?.rows ?? [];
  const [active, setActive] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [correction, setCorrection] = useState<{ row: CheckInRowView; sc: string } | null>(null);
  const refs = useRef(new Map<string, HTMLElement>());
  const activeKey = active && rows.some((r) => rowKey(r) === active) ? active : rows[0] ? rowKey(rows[0]) : null;
  const failure = failureOf(query);
  // On a phone each link is a card (like the other grids' phone layout): nothing scrolls sideways. A
  // phone builds the first cards and more as they scroll near, and always as far as the active card, so
  // the arrows and End still reach every link of the page (decisions 172 and 200).
  const phone = usePhone();
  const growing = useGrowingRows(rows.length, PHONE_CARDS);
  const cards = rows.slice(0, Math.max(growing.shown, rows.findIndex((r) => rowKey(r) === activeKey) + 1));
  // When cards arrive on an empty board they are built in the background (a transition React splits into
  // short tasks, decision 219); a board read again after a save shows its cards at once, as focus expects.
  const cardsBuilt = useDeferredValue(rows.length > 0, false);

  // Focus moves at once (a key pressed right after an arrow goes to the row it moved to); a row not yet
  // drawn (after a save refreshed the board) is focused on the next frame.
  const focusRow = (key: string | null) => {
    setActive(key);
    if (!key) return;
    const el = refs.current.get(key);
    if (el) el.focus();
    else requestAnimationFrame(() => refs.current.get(key)?.focus());
  };
  const set = (patch: Record<string, unknown>) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) });

  const save = async (row: CheckInRowView, sc: string, confirmed = false) => {
    setError(undefined);
    const index = rows.findIndex((r) => rowKey(r) === rowKey(row));
    try {
      await record.mutateAsync({
        customerId: row.customerId,
        casinoId: row.casinoId,
        unplayedCoins: sc,
        date: query.data?.date,
        correction: confirmed || undefined,
      });
    } catch (e) {
      if (isUnauthorized(e)) return;
      if (httpStatusOf(e) === 409 && !confirmed) return setCorrection({ row, sc });
      const issues = fieldIssuesOf(e);
      setError(issues.find((i) => i.path === 'unplayedCoins')?.message ?? issues[0]?.message);
      if (!issues.length) notifyError('Error', messageOf(e, 'Failed to record the check-in'));
      return;
    }
    notifySuccess('Checked in', `${row.customerName} at ${row.casinoName}`);
    setEditing(null);
    // The next row not done after this one (the board as it now is: the write refreshed it, decision 140).
    const fresh = queryClient.getQueryData<CheckInBoard>(options.queryKey)?.rows ?? rows;
    const next =
      fresh.slice(Math.max(0, index)).find((r) => !r.done && rowKey(r) !== rowKey(row)) ?? fresh[Math.min(index, fresh.length - 1)];
    focusRow(next ? rowKey(next) : null);
  };

  const onRowKey = (row: CheckInRowView, index: number) => (e: React.KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    const move =
      e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'Home' ? -index : e.key === 'End' ? rows.length - 1 - index : 0;
    if (move) {
      e.preventDefault();
      const target = rows[Math.max(0, Math.min(rows.length - 1, index + move))];
      focusRow(rowKey(target));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      setError(undefined);
      setEditing(rowKey(row));
    }
  };

  useEffect(() => setEditing(null), [search.date, search.status, search.customerId, search.casinoId, sort, page]);

  const board = query.data;
  const percent = board && board.total ? (board.done / board.total) * 100 : 0;
  const sortIcon = (id: CheckInSort) =>
    sort !== id ? (
      <IconArrowsSort size={14} opacity={0.4} />
    ) : search.desc === 'true' ? (
      <IconSortDescending size={14} />
    ) : (
      <IconSortAscending size={14} />
    );

  const empty = !failure && !query.isPending && rows.length === 0 && (
    <EmptyState
      title="No check-ins to show"
      description={search.status === 'missing' ? 'Every check-in is done' : 'No active customer has an active casino under these filters'}
    />
  );
  const rowProps = (row: CheckInRowView, index: number) => {
    const key = rowKey(row);
    return {
      row,
      active: key === activeKey,
      editing: key === editing,
      busy: record.isPending,
      error: key === editing ? error : undefined,
      rowRef: (el: HTMLElement | null) => (el ? refs.current.set(key, el) : refs.current.delete(key)),
      onFocus: () => setActive(key),
      onOpen: () => {
        setActive(key);
        setError(undefined);
        setEditing(key);
      },
      onSave: (sc: string) => void save(row, sc),
      onCancel: () => {
        setEditing(null);
        focusRow(key);
      },
      onKeyDown: onRowKey(row, index),
    };
  };

  return (
    <Stack gap="md">
      <FilterPanel active={[search.date, search.status, search.customerId, search.casinoId].filter((v) => v !== undefined).length}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <DateField
            label="Day"
            required
            min={FIRST_DAY}
            max={LAST_DAY}
            value={search.date ?? board?.date}
            onChange={(date) => set({ date })}
          />
          <IdSelect {...customerFilter(customers.data, search.customerId, (customerId) => set({ customerId }))} />
          <IdSelect {...casinoFilter(casinos.data, search.casinoId, (casinoId) => set({ casinoId }))} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="check-in-status">
              Show
            </Text>
            <Segmented
              aria-labelledby="check-in-status"
              data={[
                { value: ALL, label: 'All' },
                { value: 'missing', label: 'Not done' },
                { value: 'done', label: 'Done' },
              ]}
              value={search.status ?? ALL}
              onChange={(v) => set({ status: v === ALL ? undefined : v })}
            />
          </Stack>
          {phone && (
            <Select
              label="Sort by"
              data={PHONE_SORTS}
              value={sortText({ column: sort, desc: search.desc === 'true' })}
              allowDeselect={false}
              onChange={(v) => {
                const { column, desc } = parseSort(PHONE_SORTS.find((o) => o.value === v)?.value ?? 'customer');
                set({ sort: column === 'customer' ? undefined : column, desc: desc ? 'true' : undefined });
              }}
            />
          )}
        </SimpleGrid>
      </FilterPanel>
      <Panel>
        <Stack gap="sm">
          <div>
            <Text fz={28} fw={800} lh={1.1} data-testid="check-in-count">
              {board ? `${formatCount(board.done)} of ${formatCount(board.total)} done` : '—'}
            </Text>
            <Text size="sm" c="dimmed">
              {board ? `Check-ins on ${formatDay(board.date)} (office time)` : 'Loading...'}
            </Text>
          </div>
          <Progress value={percent} color="teal" size="md" aria-label="Check-ins done" />
        </Stack>
      </Panel>
      {failure && <LoadError failure={failure} />}
      <Panel>
        {phone ? (
          // An empty board is its empty state, not a list without items (axe: aria-required-children).
          // A failed or loading read shows no list either: a list needs its items.
          empty ||
          (rows.length > 0 && cardsBuilt && (
            <Stack gap="xs" role="list" aria-label="Check-ins" aria-busy={query.isPending}>
              {cards.map((row, index) => (
                <CheckInCard key={rowKey(row)} {...rowProps(row, index)} />
              ))}
              {growing.marker && <div key={growing.markerKey} ref={growing.marker} aria-hidden style={{ height: 1 }} />}
            </Stack>
          ))
        ) : (
          <TableScroll minWidth={860} className="grid-scroll">
            <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Check-ins" aria-busy={query.isPending}>
              <Table.Thead>
                <Table.Tr>
                  {HEADERS.map((h) => (
                    <Table.Th
                      key={h.label}
                      ta={h.right ? 'right' : undefined}
                      aria-sort={h.id && sort === h.id ? (search.desc === 'true' ? 'descending' : 'ascending') : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {h.label === DAY_COLUMN ? (
                        !board || board.date === board.today ? (
                          'Today'
                        ) : (
                          <span data-testid="check-in-day-header">{formatDay(board.date)}</span>
                        )
                      ) : h.id ? (
                        <UnstyledButton
                          fw={700}
                          fz="sm"
                          onClick={() =>
                            set({
                              sort: h.id === 'customer' ? undefined : h.id,
                              desc: sort === h.id && search.desc !== 'true' ? 'true' : undefined,
                            })
                          }
                        >
                          <Group gap={4} wrap="nowrap">
                            {h.label}
                            {sortIcon(h.id)}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        h.label
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {empty && (
                  <Table.Tr>
                    <Table.Td colSpan={HEADERS.length}>{empty}</Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row, index) => (
                  <CheckInRow key={rowKey(row)} {...rowProps(row, index)} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {board && board.totalCount > CHECK_IN_PAGE_SIZE && (
          <UrlPager page={page} pageSize={CHECK_IN_PAGE_SIZE} total={board.totalCount} noun="links" />
        )}
      </Panel>
      <ConfirmDialog
        opened={correction !== null}
        title="Correct the day's SC?"
        message={
          correction
            ? `${correction.row.customerName} at ${correction.row.casinoName} is already checked in on ${board?.date}${
                correction.row.unplayedCoins === null ? '' : ` with ${groupedAmount(correction.row.unplayedCoins)} SC`
              }. Correct the day's SC to ${correction.sc || '0'}?`
            : ''
        }
        confirmLabel="Correct SC"
        busy={record.isPending}
        onConfirm={() => {
          const c = correction;
          setCorrection(null);
          if (c) void save(c.row, c.sc, true);
        }}
        onCancel={() => setCorrection(null)}
      />
    </Stack>
  );
}
