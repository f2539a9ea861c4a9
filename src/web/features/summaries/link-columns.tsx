import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { toHundredths } from '../../../shared/money';
import { type GridColumn, gridColumns } from '../../components/data-table';
import { Coins } from '../../components/money';
import { CasinoLink, CustomerLink } from '../../components/record-links';
import type { SortState } from '../../lib/grid-sort';
import { formatCount, formatDate, formatDateTime, formatTime, groupedAmount } from '../../lib/format';
import type { RouterOutputs } from '../../../server/trpc/app-router';

export type CustomerSummaryView = RouterOutputs['summaries']['customer'];
export type CasinoSummaryView = RouterOutputs['summaries']['casino'];
type CustomerLinkRow = CustomerSummaryView['links'][number];
type CasinoLinkRow = CasinoSummaryView['links'][number];
type Figures = CustomerLinkRow | CasinoLinkRow;

const STATUS_COLORS: Record<Figures['status'], string> = { active: 'teal', inactive: 'gray', banned: 'red', locked: 'orange' };

// The day over the time (and what goes with it) in the small size: the customer's columns fit the panel
// at 1280 px with the sidebar open only so (one-line dates, or 14 px ones, pushed Reconciled out of view).
const when = (iso: string | null, after?: string): ReactNode =>
  iso ? (
    <Text size="xs" title={formatDateTime(iso)} style={{ whiteSpace: 'nowrap', lineHeight: 1.3 }}>
      {formatDate(iso)}
      <Text span display="block" size="xs" c="dimmed">
        {formatTime(iso)}
        {after && ` · ${after}`}
      </Text>
    </Text>
  ) : (
    <Text size="xs" c="dimmed">
      Never
    </Text>
  );
// A time on one line, where the columns leave room (the casino's customers): rows stay one line high.
const whenOnOneLine = (iso: string | null): ReactNode =>
  iso ? (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(iso)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      Never
    </Text>
  );
const usd = (value: string) => (
  <Text span ff="monospace" size="sm">
    ${groupedAmount(value)}
  </Text>
);

/** The balance columns both pages show, after the name column; `at` shows the last activity. */
function figureColumns<T extends Figures>(at: (iso: string | null) => ReactNode): GridColumn<T>[] {
  const col = gridColumns<T>();
  return [
    col.accessor((r) => r.status, {
      id: 'status',
      header: 'Status',
      cell: (info) => (
        <Badge
          size="sm"
          variant="light"
          color={STATUS_COLORS[info.row.original.status]}
          styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
        >
          {info.row.original.status}
        </Badge>
      ),
    }),
    col.accessor((r) => r.unplayedCoins, {
      id: 'unplayed',
      header: 'Unplayed',
      cell: (info) => <Coins value={info.row.original.unplayedCoins} size="sm" />,
    }),
    col.accessor((r) => r.playedCoins, {
      id: 'played',
      header: 'Played',
      cell: (info) => <Coins value={info.row.original.playedCoins} size="sm" />,
    }),
    col.accessor((r) => r.totalCoins, {
      id: 'total',
      header: 'Total',
      cell: (info) => <Coins value={info.row.original.totalCoins} size="sm" fw={600} />,
    }),
    col.accessor((r) => r.usdValue, { id: 'usd', header: 'USD value', cell: (info) => usd(info.row.original.usdValue) }),
    col.accessor((r) => r.inTransitUsd, { id: 'transit', header: 'In transit', cell: (info) => usd(info.row.original.inTransitUsd) }),
    col.accessor((r) => r.lastActivityAt, {
      id: 'activity',
      header: 'Last activity',
      cell: (info) => at(info.row.original.lastActivityAt),
    }),
  ];
}

const WRAPPED_NAME = { whiteSpace: 'normal', overflowWrap: 'break-word', minWidth: 88 } as const;

export const FIGURE_NUMERIC = ['unplayed', 'played', 'total', 'usd', 'transit'] as const;

export function customerLinkColumns(): GridColumn<CustomerLinkRow>[] {
  const col = gridColumns<CustomerLinkRow>();
  return [
    col.accessor((r) => r.casinoName, {
      id: 'name',
      header: 'Casino',
      // A long casino name takes two lines rather than cut: the other nine columns leave it about 90 px
      // at 1280 px, less than a grid's usual 140; never under 88 px, so a short name keeps one line.
      cell: (info) => <CasinoLink id={info.row.original.casinoId} name={info.getValue()} style={WRAPPED_NAME} />,
    }),
    ...figureColumns<CustomerLinkRow>(when),
    // The streak beside the check-in's time, as the check-in board shows them: a column of its own
    // pushed Reconciled out of view at 1280 px.
    col.accessor((r) => r.lastCheckInAt, {
      id: 'checkIn',
      // A non-breaking hyphen: the two-line header breaks between the words, not into "check-" and "in".
      header: 'Last check\u2011in',
      cell: (info) => when(info.getValue(), `Streak ${formatCount(info.row.original.streak)}`),
    }),
    col.accessor((r) => r.reconciledAt, { id: 'reconciled', header: 'Reconciled', cell: (info) => when(info.getValue()) }),
  ];
}

export function casinoLinkColumns(): GridColumn<CasinoLinkRow>[] {
  const col = gridColumns<CasinoLinkRow>();
  return [
    col.accessor((r) => r.customerName, {
      id: 'name',
      header: 'Customer',
      cell: (info) => <CustomerLink id={info.row.original.customerId} name={info.getValue()} />,
    }),
    ...figureColumns<CasinoLinkRow>(whenOnOneLine),
  ];
}

/** What each sortable column sorts by (amounts as numbers, names and times as text). */
const SORT_KEYS: Record<string, (r: Figures & { name: string }) => string | number> = {
  name: (r) => r.name.toLowerCase(),
  status: (r) => r.status,
  unplayed: (r) => toHundredths(r.unplayedCoins),
  played: (r) => toHundredths(r.playedCoins),
  total: (r) => toHundredths(r.totalCoins),
  usd: (r) => toHundredths(r.usdValue),
  transit: (r) => toHundredths(r.inTransitUsd),
  activity: (r) => r.lastActivityAt ?? '',
  checkIn: (r) => ('lastCheckInAt' in r ? (r.lastCheckInAt ?? '') : ''),
};
export const SORTABLE = Object.keys(SORT_KEYS);

/** The rows in the chosen order (the server's, by name, when none is chosen). */
export function sortedLinks<T extends Figures>(rows: T[], name: (r: T) => string, sort: SortState | null): T[] {
  const key = sort ? SORT_KEYS[sort.id] : undefined;
  if (!sort || !key) return rows;
  const keyed = rows.map((r) => ({ r, k: key({ ...r, name: name(r) }) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0) * (sort.desc ? -1 : 1));
  return keyed.map((x) => x.r);
}

/** A header click: the same column flips, another starts ascending. */
export const nextSort = (sort: SortState | null, id: string): SortState =>
  sort?.id === id ? { id, desc: !sort.desc } : { id, desc: false };
