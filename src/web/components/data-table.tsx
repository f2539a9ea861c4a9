import { Center, Group, Loader, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ColumnDef, createColumnHelper, FlexRender, type Row, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import { memo, type ReactNode, useDeferredValue, useState } from 'react';
import { type Failure, failureOf, type QueryLike } from '../lib/errors';
import { LoadError } from './load-error';
import { useGrowingRows } from './use-growing-rows';
import { usePhone } from './use-phone';

/** Every grid uses the core feature set: sorting and paging are done by the server or the screen. */
export const gridFeatures = tableFeatures({});
export type GridFeatures = typeof gridFeatures;
export type GridColumn<T extends RowData> = ColumnDef<GridFeatures, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const gridColumns = <T extends RowData>() => createColumnHelper<GridFeatures, T>();

import type { SortState } from '../lib/grid-sort';
import { TableScroll } from './table-scroll';

export type { SortState };

interface DataTableProps<T extends RowData> {
  columns: GridColumn<T>[];
  data: T[];
  /** A row's key; by default its `id` (else its place, as TanStack Table does). */
  getRowId?: (row: T) => string;
  loading?: boolean;
  loadingText?: string;
  empty?: ReactNode;
  /** A failed read: shown instead of rows or the empty state. */
  failure?: Failure | null;
  /** The read behind the rows, instead of `loading` and `failure`. */
  read?: QueryLike & { isPending: boolean; isPlaceholderData?: boolean };
  /** False while the screen's date range runs backwards: nothing is read, and the range message shows. */
  rangeOk?: boolean;
  sort?: SortState;
  onSort?: (id: string) => void;
  sortable?: readonly string[];
  minWidth?: number;
  /** Columns whose cells align right (numbers). */
  numeric?: readonly string[];
  label?: string;
  /**
   * A phone's compact card for one row (a few lines), instead of one line per column: lists that are
   * read on a phone (History) show several records per screen this way (decision 118).
   */
  phoneCard?: (row: T) => ReactNode;
}

function SortIcon({ state }: { state: 'asc' | 'desc' | null }) {
  if (state === 'asc') return <IconSortAscending size={14} />;
  if (state === 'desc') return <IconSortDescending size={14} />;
  return <IconArrowsSort size={14} opacity={0.4} />;
}

/**
 * A larger screen builds a page of rows (History's is 100) a screen at a time, one step a frame without
 * waiting for a scroll (decision 237), then more as the end comes near; a phone builds a screen and a half
 * of compact cards at once, the next ones after the first paint as the end comes near (decision 229).
 */
const PAGE_ROWS = 100;
const ROWS_STEP = 25;
const PHONE_FIRST_CARDS = 12;
/**
 * A phone's card of a grid without its own compact card has a line per column, so a grid builds about
 * this many lines of cards at a time (a screen and a half), at most PHONE_FIRST_CARDS cards: a 9-column
 * report builds 4 cards of 9 lines, not 12 (decisions 175, 229).
 */
const PHONE_FIRST_LINES = 32;
const phoneStep = (lines: number) => Math.min(PHONE_FIRST_CARDS, Math.ceil(PHONE_FIRST_LINES / Math.max(lines, 1)));

/** A row's `id`, when it has one, else its place. */
const rowKey = (row: unknown, index: number) => String(typeof row === 'object' && row !== null && 'id' in row ? row.id : index);

/**
 * A phone's list while its rows are read (or built): the loading text over three card outlines, as the
 * cards will stand, not a table's header row that a phone never shows.
 */
function PhoneLoading({ label, text }: { label?: string; text?: string }) {
  return (
    <Stack gap="sm" aria-label={label} aria-busy>
      <Group gap="xs" justify="center" py={4}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {text ?? 'Loading...'}
        </Text>
      </Group>
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder p="sm" aria-hidden data-testid="card-skeleton">
          <Stack gap={8}>
            <Skeleton height={12} width="60%" />
            <Skeleton height={10} width="85%" />
            <Skeleton height={10} width="40%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** One empty list, so an empty read is the same value from render to render (useDeferredValue compares). */
const NONE: never[] = [];

/**
 * The list of the render before when it holds the same items in the same order: a screen that filters or
 * sorts its rows afresh on every render (a new array of the same rows) does not make the grid build its
 * rows again.
 */
function useSameItems<T>(items: T[]): T[] {
  const [kept, setKept] = useState(items);
  const same = kept === items || (kept.length === items.length && kept.every((item, i) => item === items[i]));
  if (!same) setKept(items);
  return same ? kept : items;
}

type GridRow<T extends RowData> = Row<GridFeatures, T>;

/** A built row is kept while its record, the columns and the rest of its props are the same ones. */
function sameRow<P extends { row: { original: unknown; id: string } }>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((key) =>
    key === 'row'
      ? before.row.original === after.row.original && before.row.id === after.row.id
      : // The cells follow from the row and the columns.
        key === 'cells' || before[key] === after[key],
  );
}

type GridCells<T extends RowData> = ReturnType<GridRow<T>['getAllCells']>;

/**
 * A built row's props: its cells are read in the grid's own render, where the table is, and handed down.
 */
interface RowProps<T extends RowData> {
  row: GridRow<T>;
  cells: GridCells<T>;
  columns: unknown;
}

/**
 * One row of the larger screen's table. A row is built again only when its record or the columns change
 * (decision 227, `sameRow`): a screen's other changes (a read finishing, a dialog opening) leave the built
 * rows as they are, and a longer list grows by building only its new rows.
 */
const TableRow = memo(function TableRow<T extends RowData>({ cells, numeric }: RowProps<T> & { numeric: string }) {
  return (
    <Table.Tr>
      {cells.map((cell) => (
        // Mantine's cell class on a plain cell (decision 232): a page writes a thousand.
        <td key={cell.id} className={`${Table.classes.td} grid-cell`} data-num={numeric.split(' ').includes(cell.column.id) || undefined}>
          <FlexRender cell={cell} />
        </td>
      ))}
    </Table.Tr>
  );
}, sameRow) as <T extends RowData>(props: RowProps<T> & { numeric: string }) => ReactNode;

/** A phone's card of one row: header and value per line, actions last (built again as TableRow is). */
const ColumnsCard = memo(function ColumnsCard<T extends RowData>({ cells }: RowProps<T>) {
  return (
    <Paper withBorder p="sm" role="listitem" className="grid-card">
      <Stack gap={6}>
        {cells.map((cell) => {
          const header = cell.column.columnDef.header;
          const label = typeof header === 'string' ? header : cell.column.id === 'actions' ? '' : cell.column.id;
          return (
            <Group key={cell.id} justify="space-between" gap="sm" wrap="nowrap">
              {label && (
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {label}
                </Text>
              )}
              <div style={{ textAlign: 'right', minWidth: 0, marginLeft: 'auto' }} className="card-value">
                <FlexRender cell={cell} />
              </div>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}, sameRow) as <T extends RowData>(props: RowProps<T>) => ReactNode;

/** A phone's compact card of one row, the screen's own (built again as TableRow is). */
const OwnCard = memo(function OwnCard<T extends RowData>({ row, card }: { row: GridRow<T>; card: (row: T) => ReactNode }) {
  return (
    <Paper withBorder px="sm" py={6} role="listitem" className="grid-card-compact">
      {card(row.original)}
    </Paper>
  );
}, sameRow) as <T extends RowData>(props: { row: GridRow<T>; card: (row: T) => ReactNode }) => ReactNode;

/** TanStack Table on a Mantine Table, with loading and empty states and clickable sort headers. */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { getRowId, read, rangeOk = true, sort, onSort, sortable = [], minWidth = 640, numeric = [] } = props;
  // Rows are built in the background (a transition React splits into short tasks, so a tap is answered
  // meanwhile), from the first render on: the loading state shows until they are in, and the rows before
  // stay while new ones are built (decisions 200 and 227). The columns too: a screen whose columns change
  // (a count read after the rows) has its rows built again in the background, not in one long task.
  const arrived = useSameItems(props.data.length ? props.data : NONE);
  const data = useDeferredValue(arrived, NONE);
  const columns = useDeferredValue(props.columns);
  const card = useDeferredValue(props.phoneCard);
  const building = data.length === 0 && arrived.length > 0;
  const loading = rangeOk && ((read ? read.isPending : props.loading) || building);
  // Rows on screen that are not yet the read's answer: the list before, kept while a new filter's read
  // runs or while its rows are built. The grid says it is busy until they are.
  const stale = rangeOk && (data !== arrived || read?.isPlaceholderData === true);
  const failure = read ? failureOf(read) : props.failure;
  const empty = rangeOk ? props.empty : <RangeEmptyState />;
  const table = useTable({ features: gridFeatures, columns, data, getRowId: getRowId ?? rowKey });
  const phone = usePhone();
  // A page of History (100 rows) is built on a larger screen 25 rows a frame without a scroll (decision
  // 237); a longer list, and a phone's cards past the first screens, are built as they scroll near (172).
  const rows = table.getRowModel().rows;
  const growing = useGrowingRows(
    rows.length,
    !phone ? ROWS_STEP : card ? PHONE_FIRST_CARDS : phoneStep(columns.length),
    phone ? 0 : PAGE_ROWS,
  );
  const built = rows.slice(0, growing.shown);
  const marker = growing.marker && <div key={growing.markerKey} ref={growing.marker} aria-hidden style={{ height: 1 }} />;

  if (failure) return <LoadError failure={failure} compact />;

  if (phone && loading) return <PhoneLoading label={props.label} text={props.loadingText} />;

  if (phone && !loading && data.length > 0) {
    return (
      <Stack gap={card ? 6 : 'sm'} aria-label={props.label} role="list">
        {built.map((row) =>
          card ? (
            <OwnCard key={row.id} row={row} card={card} />
          ) : (
            <ColumnsCard key={row.id} row={row} cells={row.getAllCells()} columns={columns} />
          ),
        )}
        {marker}
      </Stack>
    );
  }

  return (
    // A scroll box no taller than the window: its header sticks and its horizontal scrollbar stays in
    // view; focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
    <TableScroll
      minWidth={minWidth}
      tabIndex={0}
      role="region"
      aria-label={props.label ? `${props.label} (scrollable)` : 'Table (scrollable)'}
      className="grid-scroll"
    >
      <Table
        striped
        highlightOnHover
        stickyHeader
        verticalSpacing="sm"
        horizontalSpacing={6}
        aria-label={props.label}
        aria-busy={loading || stale}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const canSort = onSort && sortable.includes(id);
                const state = sort?.id === id ? (sort.desc ? 'desc' : 'asc') : null;
                const content = header.isPlaceholder ? null : <FlexRender header={header} />;
                return (
                  <Table.Th
                    key={header.id}
                    // A two-word header may take two lines, so the grid fits its panel at 1280 px.
                    style={{ whiteSpace: 'normal', lineHeight: 1.25 }}
                    ta={numeric.includes(id) ? 'right' : undefined}
                    aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined}
                  >
                    {canSort ? (
                      <UnstyledButton onClick={() => onSort(id)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {content}
                          <SortIcon state={state} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      content
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Center py="xl">
                  <Stack align="center" gap="xs">
                    <Loader size="sm" />
                    <Text size="sm" c="dimmed">
                      {props.loadingText ?? 'Loading...'}
                    </Text>
                  </Stack>
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : data.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            // The right-aligned columns as one text, so a list written in the screen's render is the same value.
            built.map((row) => <TableRow key={row.id} row={row} cells={row.getAllCells()} numeric={numeric.join(' ')} columns={columns} />)
          )}
        </Table.Tbody>
      </Table>
      {marker}
    </TableScroll>
  );
}

/** The standard empty state inside a grid. */
export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <Center py={40}>
      <Stack align="center" gap={6}>
        <Text fw={600}>{title}</Text>
        {description && (
          <Text size="sm" c="dimmed" ta="center">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}

/** What a grid shows while its date filter runs backwards (the message itself sits under End Date). */
export function RangeEmptyState() {
  return <EmptyState title="End date is before start date" description="Choose an end date on or after the start date to see results" />;
}
