import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconFlame } from '@tabler/icons-react';
import { useState } from 'react';
import { TypedNumberInput } from '../../components/typed-number-input';
import { formatDateTime, groupedAmount } from '../../lib/format';
import type { CheckInRowView } from '../../lib/api-types';

export const rowKey = (r: Pick<CheckInRowView, 'customerId' | 'casinoId'>) => `${r.customerId}:${r.casinoId}`;
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
/** Badges keep their full text in a tight grid. */
const FULL = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;

interface Props {
  row: CheckInRowView;
  /** A phone: no time and who beside Done, no Last check-in column. */
  compact: boolean;
  active: boolean;
  editing: boolean;
  busy: boolean;
  error?: string;
  rowRef: (el: HTMLTableRowElement | null) => void;
  onFocus: () => void;
  onOpen: () => void;
  onSave: (sc: string) => void;
  onCancel: () => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLTableRowElement>) => void;
}

/**
 * One link on the board. The row is focusable (one tab stop for the whole board, arrows move); Enter
 * opens the SC field, Enter there saves, Escape closes it.
 */
export function CheckInRow({ row, compact, active, editing, busy, error, rowRef, onFocus, onOpen, onSave, onCancel, onKeyDown }: Props) {
  const [sc, setSc] = useState('');
  const label = `${row.customerName} at ${row.casinoName}`;
  return (
    <Table.Tr
      ref={rowRef}
      tabIndex={active ? 0 : -1}
      onFocus={(e) => e.target === e.currentTarget && onFocus()}
      onKeyDown={onKeyDown}
      aria-label={`${label}: ${row.done ? 'checked in' : 'not checked in'}`}
      data-testid="check-in-row"
      data-done={row.done}
      className="check-in-row"
    >
      <Table.Td>
        <Text fw={600} size="sm">
          {row.customerName}
        </Text>
      </Table.Td>
      <Table.Td>{row.casinoName}</Table.Td>
      <Table.Td>
        {row.done ? (
          <Group gap={6} wrap="nowrap">
            <Badge color="teal" variant="light" styles={FULL} leftSection={<IconCheck size={12} />}>
              Done
            </Badge>
            {!compact && (
              <Text size="xs" c="dimmed">
                {row.at ? timeOnly.format(new Date(row.at)) : ''}
                {row.by ? ` · ${row.by}` : ''}
              </Text>
            )}
          </Group>
        ) : (
          <Badge color="gray" variant="outline" styles={FULL}>
            Not done
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onSave(sc);
            }}
            noValidate
          >
            <TypedNumberInput
              aria-label={`SC for ${label}`}
              placeholder="SC"
              size="xs"
              w={110}
              autoFocus
              value={sc}
              error={error}
              disabled={busy}
              onChange={(e) => setSc(e.currentTarget.value)}
              onKeyDown={(e) => {
                e.stopPropagation();
                if (e.key === 'Escape') onCancel();
              }}
              data-testid="check-in-sc"
            />
          </form>
        ) : row.unplayedCoins !== null ? (
          <Text span ff="monospace" size="sm">
            {groupedAmount(row.unplayedCoins)}
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td ta="right">
        {row.streak > 0 ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <IconFlame size={14} color="var(--mantine-color-orange-7)" aria-hidden />
            <Text size="sm" fw={600}>
              {row.streak}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        )}
      </Table.Td>
      {!compact && (
        <Table.Td>
          {row.lastAt ? (
            formatDateTime(row.lastAt)
          ) : (
            <Text size="sm" c="dimmed">
              Never
            </Text>
          )}
        </Table.Td>
      )}
      <Table.Td ta="right">
        {!editing && (
          <Button
            size="compact-xs"
            variant={row.done ? 'subtle' : 'light'}
            color={row.done ? 'gray' : undefined}
            tabIndex={-1}
            onClick={onOpen}
            aria-label={`${row.done ? 'Correct' : 'Check in'}: ${label}`}
          >
            {row.done ? 'Correct' : 'Check in'}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
