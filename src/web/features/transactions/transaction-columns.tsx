import { Group, Stack, Text } from '@mantine/core';
import { type GridColumn, gridColumns } from '../../components/data-table';
import { Coins, RatioBadge, SignedUsd, TypeBadge } from '../../components/money';
import { formatDate, formatDateTime, formatTime, groupedAmount } from '../../lib/format';
import type { TransactionView } from '../../lib/api-types';
import { CasinoLink, CustomerLink } from '../../components/record-links';
import { TransactionActions } from './transaction-actions';
import { plainText } from '../../components/plain-text';

const col = gridColumns<TransactionView>();

/**
 * A grid's date and time: the day on one line and the time under it, neither ever broken, so the
 * column stays narrow enough for every column to fit at 1280 px and never takes three lines.
 */
export function DateTimeText({ value }: { value: string }) {
  return (
    <p className={plainText({ size: 'sm' }, 'cell-date')} title={formatDateTime(value)}>
      {formatDate(value)}
      <span className={plainText({ size: 'xs', c: 'dimmed' }, 'cell-time')}>{formatTime(value)}</span>
    </p>
  );
}

export const TRANSACTION_NUMERIC_COLUMNS = ['unplayed', 'played', 'usd', 'ratio', 'total'] as const;

/** Date, Customer, [Casino], Type, Unplayed, Played, USD, Ratio, Total, Actions (edit). */
export function transactionColumns(opts: { withCasino: boolean; onEdit: (t: TransactionView) => void }): GridColumn<TransactionView>[] {
  return [
    col.accessor('date', { header: 'Date', cell: (info) => <DateTimeText value={info.getValue()} /> }),
    col.accessor((t) => t.customer.name, {
      id: 'customer',
      header: 'Customer',
      cell: (info) => <CustomerLink id={info.row.original.customerId} name={info.getValue()} />,
    }),
    ...(opts.withCasino
      ? [
          col.accessor((t) => t.casino.name, {
            id: 'casino',
            header: 'Casino',
            cell: (info) => <CasinoLink id={info.row.original.casinoId} name={info.getValue()} />,
          }),
        ]
      : []),
    col.accessor((t) => t.transactionType.name, { id: 'type', header: 'Type', cell: (info) => <TypeBadge name={info.getValue()} /> }),
    col.accessor('unplayedCoinsChange', {
      id: 'unplayed',
      header: 'Unplayed',
      cell: (info) => <Coins value={info.getValue()} size="sm" />,
    }),
    col.accessor('playedCoinsChange', { id: 'played', header: 'Played', cell: (info) => <Coins value={info.getValue()} size="sm" /> }),
    col.accessor('usdChange', { id: 'usd', header: 'USD', cell: (info) => <SignedUsd value={info.getValue()} size="sm" /> }),
    col.accessor('purchaseRatio', { id: 'ratio', header: 'Ratio', cell: (info) => <RatioBadge ratio={info.getValue()} /> }),
    col.accessor('totalCoinsAfter', { id: 'total', header: 'Total', cell: (info) => <Coins value={info.getValue()} size="sm" fw={600} /> }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: (info) => <TransactionActions t={info.row.original} onEdit={opts.onEdit} />,
    }),
  ];
}

/**
 * One transaction as a phone's compact card (three lines, so a phone shows six or more per screen):
 * customer, USD and Edit; type, ratio, casino and date; the coin changes and the total after.
 */
export const transactionCard = (onEdit: (t: TransactionView) => void) =>
  function TransactionCard(t: TransactionView) {
    return (
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <CustomerLink id={t.customerId} name={t.customer.name} fw={600} style={{ maxWidth: '100%', minWidth: 0 }} />
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <SignedUsd value={t.usdChange} size="sm" />
            <TransactionActions t={t} onEdit={onEdit} size="sm" />
          </Group>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <TypeBadge name={t.transactionType.name} />
            {t.purchaseRatio !== null && <RatioBadge ratio={t.purchaseRatio} />}
            <CasinoLink id={t.casinoId} name={t.casino.name} size="xs" style={{ maxWidth: '100%', minWidth: 0 }} />
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(t.date)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" ff="monospace" truncate="end">
            Unplayed {groupedAmount(t.unplayedCoinsChange)} · Played {groupedAmount(t.playedCoinsChange)}
          </Text>
          <Text size="xs" ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
            Total {groupedAmount(t.totalCoinsAfter)}
          </Text>
        </Group>
      </Stack>
    );
  };
