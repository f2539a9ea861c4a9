import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { RedemptionStatus } from '../../../shared/constants';
import { type GridColumn, gridColumns } from '../../components/data-table';
import { Coins } from '../../components/money';
import { tipProps } from '../../components/tip-props';
import { formatDate, groupedAmount } from '../../lib/format';
import type { RedemptionAction } from './redemption-actions';
import type { RedemptionView } from '../../lib/api-types';
import { casinoNameCell, CustomerLink } from '../../components/record-links';

const col = gridColumns<RedemptionView>();

export const STATUS_COLORS: Record<RedemptionStatus, string> = { pending: 'yellow', received: 'teal', rejected: 'red', cancelled: 'gray' };
export const STATUS_LABELS: Record<RedemptionStatus, string> = {
  pending: 'Pending',
  received: 'Received',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** Badges keep their full text in a tight grid. */
const FULL = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;
/** A pending redemption's steps, each a button on its row. */
const STEPS: { kind: RedemptionAction['kind']; label: string; variant: 'light' | 'subtle'; color: string }[] = [
  { kind: 'receive', label: 'Mark received', variant: 'light', color: 'teal' },
  { kind: 'reject', label: 'Reject', variant: 'light', color: 'red' },
  { kind: 'cancel', label: 'Cancel', variant: 'subtle', color: 'gray' },
];
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The Redemptions grid; pending rows carry their age (highlighted past twice the casino's median) and the three steps. */
/** `status`: the tab shown; All adds a Status column, Pending leaves out Received USD (always empty there). */
export function redemptionColumns(act: (action: RedemptionAction) => void, status: RedemptionStatus | 'all'): GridColumn<RedemptionView>[] {
  const withStatus = status === 'all';
  const columns: GridColumn<RedemptionView>[] = [
    col.accessor('requestedAt', {
      header: 'Requested',
      cell: (i) => {
        const r = i.row.original;
        return (
          <Stack gap={2} align="flex-start">
            <Text size="sm">{formatDate(r.requestedAt)}</Text>
            {r.ageDays !== null &&
              (r.overdue ? (
                <Badge
                  color="red"
                  variant="filled"
                  size="sm"
                  styles={FULL}
                  data-testid="overdue"
                  {...tipProps(`Older than twice ${r.casinoName}'s usual time to pay`)}
                >
                  {days(r.ageDays)}
                </Badge>
              ) : (
                <Text size="xs" c="dimmed">
                  {days(r.ageDays)}
                </Text>
              ))}
            {r.finishedAt && (r.status === 'rejected' || r.status === 'cancelled') && (
              <Text size="xs" c="dimmed">
                {STATUS_LABELS[r.status]} {formatDate(r.finishedAt)}
              </Text>
            )}
          </Stack>
        );
      },
    }),
    // The note typed with the request, under the customer: where the office looks for why and what.
    col.accessor('customerName', {
      header: 'Customer',
      cell: (i) => {
        const note = i.row.original.note;
        return note ? (
          <Stack gap={2}>
            <CustomerLink id={i.row.original.customerId} name={i.getValue()} fw={600} />
            <Text size="xs" c="dimmed" className="cell-name" title={note} data-testid="redemption-note">
              Note: {note}
            </Text>
          </Stack>
        ) : (
          <CustomerLink id={i.row.original.customerId} name={i.getValue()} fw={600} />
        );
      },
    }),
    col.accessor('casinoName', { header: 'Casino', cell: casinoNameCell }),
    col.accessor('unplayedCoins', {
      header: 'SC',
      cell: (i) => (
        <Stack gap={0} align="flex-end">
          <Coins value={i.getValue()} size="sm" />
          {i.row.original.playedCoins !== '0.00' && (
            <Text size="xs" c="dimmed">
              + {groupedAmount(i.row.original.playedCoins)} played
            </Text>
          )}
        </Stack>
      ),
    }),
    col.accessor('expectedUsd', {
      header: 'Expected USD',
      cell: (i) => (
        <Text span ff="monospace" size="sm">
          {groupedAmount(i.getValue())}
        </Text>
      ),
    }),
    ...(status === 'pending'
      ? []
      : [
          col.accessor('usdReceived', {
            header: 'Received USD',
            cell: (i) => {
              const r = i.row.original;
              if (r.usdReceived === null) return '—';
              const short = r.usdReceived !== r.expectedUsd;
              return (
                <Stack gap={0} align="flex-end">
                  <Text span ff="monospace" size="sm" c={short ? 'orange.8' : undefined}>
                    {groupedAmount(r.usdReceived)}
                  </Text>
                  {r.receivedAt && (
                    <Text size="xs" c="dimmed">
                      {formatDate(r.receivedAt)}
                    </Text>
                  )}
                </Stack>
              );
            },
          }),
        ]),
    ...(withStatus
      ? [
          col.accessor('status', {
            header: 'Status',
            cell: (i) => (
              <Badge color={STATUS_COLORS[i.row.original.status]} variant="light" styles={FULL}>
                {STATUS_LABELS[i.row.original.status]}
              </Badge>
            ),
          }),
        ]
      : []),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: (i) => {
        const r = i.row.original;
        if (r.status !== 'pending')
          return r.finishNote ? (
            <Text size="xs" c="dimmed">
              {r.finishNote}
            </Text>
          ) : null;
        const who = `${r.customerName} at ${r.casinoName}`;
        return (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            {STEPS.map(({ kind, label, variant, color }) => (
              <Button
                key={kind}
                size="compact-xs"
                variant={variant}
                color={color}
                onClick={() => act({ kind, redemption: r })}
                aria-label={`${label}: ${who}`}
              >
                {label}
              </Button>
            ))}
          </Group>
        );
      },
    }),
  ];
  return columns;
}
