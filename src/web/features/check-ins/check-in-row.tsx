import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconFlame, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { TypedNumberInput } from '../../components/typed-number-input';
import { formatDateTime, groupedAmount } from '../../lib/format';
import type { CheckInRowView } from '../../lib/api-types';
import { CasinoLink, CustomerLink } from '../../components/record-links';

export const rowKey = (r: Pick<CheckInRowView, 'customerId' | 'casinoId'>) => `${r.customerId}:${r.casinoId}`;
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
/** Badges keep their full text in a tight grid. */
const FULL = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;

interface Props {
  row: CheckInRowView;
  active: boolean;
  editing: boolean;
  busy: boolean;
  error?: string;
  rowRef: (el: HTMLElement | null) => void;
  onFocus: () => void;
  onOpen: () => void;
  onSave: (sc: string) => void;
  onCancel: () => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => void;
}

/** A name link on a card is a 24 px tap target (WCAG 2.5.8; two stacked 20 px links failed Lighthouse's target-size). */
const CARD_LINK = { minWidth: 0, overflowWrap: 'anywhere', lineHeight: '24px' } as const;

const labelOf = (row: CheckInRowView) => `${row.customerName} at ${row.casinoName}`;
const formId = (row: CheckInRowView) => `check-in-${rowKey(row).replace(':', '-')}`;

/** The row's focus and keys: one tab stop for the whole board (the active row), arrows move. */
function focusable({ row, active, rowRef, onFocus, onKeyDown }: Props) {
  return {
    ref: rowRef,
    tabIndex: active ? 0 : -1,
    onFocus: (e: React.FocusEvent<HTMLElement>) => e.target === e.currentTarget && onFocus(),
    onKeyDown,
    'aria-label': `${labelOf(row)}: ${row.done ? 'checked in' : 'not checked in'}`,
    'data-testid': 'check-in-row',
    'data-done': row.done,
    className: 'check-in-row',
  };
}

function StatusBadge({ done }: { done: boolean }) {
  return done ? (
    <Badge color="teal" variant="light" styles={FULL} leftSection={<IconCheck size={12} />}>
      Done
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" styles={FULL}>
      Not done
    </Badge>
  );
}

function Streak({ streak, size = 'sm' }: { streak: number; size?: 'xs' | 'sm' }) {
  return streak > 0 ? (
    <Group gap={4} justify="flex-end" wrap="nowrap" display="inline-flex" style={{ verticalAlign: 'bottom' }}>
      <IconFlame size={size === 'sm' ? 14 : 12} color="var(--mantine-color-orange-7)" aria-hidden />
      <Text span size={size} fw={600} c="var(--mantine-color-text)">
        {streak}
      </Text>
    </Group>
  ) : (
    <Text span size={size} c="dimmed">
      0
    </Text>
  );
}

/**
 * The SC field: Enter (or the row's action button, its submit) saves, Escape closes it. On a row already
 * done it corrects the day's SC: it opens with that SC, and what is saved replaces it (decision 098).
 */
function ScForm({ row, busy, error, onSave, onCancel, width }: Props & { width: number | string }) {
  const [sc, setSc] = useState(row.done ? (row.unplayedCoins ?? '') : '');
  return (
    <form
      id={formId(row)}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(sc);
      }}
      noValidate
      style={{ flex: typeof width === 'string' ? 1 : undefined, minWidth: 0 }}
    >
      <TypedNumberInput
        aria-label={row.done ? `Corrected SC of the day for ${labelOf(row)}` : `SC for ${labelOf(row)}`}
        placeholder="SC"
        size="xs"
        w={width}
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
  );
}

/**
 * Check in / Correct: opens the SC field, and once it is open, saves it (a phone's decimal keypad has no
 * Enter). Correct replaces the day's SC with the amount typed (decision 098).
 */
function ActionButton({ row, editing, busy, onOpen }: Props) {
  const label = row.done ? 'Correct' : 'Check in';
  return (
    <Button
      size="compact-xs"
      variant={row.done && !editing ? 'subtle' : 'light'}
      color={row.done && !editing ? 'gray' : undefined}
      tabIndex={-1}
      aria-label={`${label}: ${labelOf(row)}`}
      {...(editing
        ? { type: 'submit' as const, form: formId(row), loading: busy }
        : {
            // The click that opens the field must not also submit it: the button is the form's submit
            // by the time the browser would act on the click.
            onClick: (e: React.MouseEvent) => {
              e.preventDefault();
              onOpen();
            },
          })}
    >
      {label}
    </Button>
  );
}

/**
 * One link on the board. The row is focusable (one tab stop for the whole board, arrows move); Enter
 * opens the SC field, Enter there saves, Escape closes it.
 */
export function CheckInRow(props: Props) {
  const { row, editing } = props;
  return (
    <Table.Tr {...focusable(props)}>
      <Table.Td>
        <CustomerLink id={row.customerId} name={row.customerName} fw={600} />
      </Table.Td>
      <Table.Td>
        <CasinoLink id={row.casinoId} name={row.casinoName} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <StatusBadge done={row.done} />
          <DoneAt row={row} />
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        {editing ? (
          <ScForm {...props} width={110} />
        ) : row.unplayedCoins !== null ? (
          <Text span ff="monospace" size="sm">
            {groupedAmount(row.unplayedCoins)}
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Streak streak={row.streak} />
      </Table.Td>
      <Table.Td>
        {row.lastAt ? (
          formatDateTime(row.lastAt)
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <ActionButton {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

/** When a done row was checked in and by whom ("09:15 AM · Admin"); nothing for a row not done. */
function DoneAt({ row }: { row: CheckInRowView }) {
  if (!row.done) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {row.at ? timeOnly.format(new Date(row.at)) : ''}
      {row.by ? ` · ${row.by}` : ''}
    </Text>
  );
}

/**
 * The same link as a card on a phone: customer and Done / Not done, casino and the day's SC, the streak
 * and last check-in with the action; the SC field opens in the card, beside its action and Cancel.
 */
export function CheckInCard(props: Props) {
  const { row, editing, onCancel } = props;
  return (
    <Paper withBorder p="sm" role="listitem" {...focusable(props)}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <CustomerLink id={row.customerId} name={row.customerName} fw={600} style={CARD_LINK} />
        <Stack gap={2} align="flex-end">
          <StatusBadge done={row.done} />
          <DoneAt row={row} />
        </Stack>
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <CasinoLink id={row.casinoId} name={row.casinoName} style={CARD_LINK} />
        {row.unplayedCoins !== null && (
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="check-in-card-sc">
            {groupedAmount(row.unplayedCoins)} SC
          </Text>
        )}
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap" mt={6} align={editing ? 'flex-start' : 'center'}>
        {editing ? (
          <ScForm {...props} width="100%" />
        ) : (
          <Text component="div" size="xs" c="dimmed" style={{ minWidth: 0 }}>
            Streak <Streak streak={row.streak} size="xs" />
            <br />
            Last check-in <span style={{ whiteSpace: 'nowrap' }}>{row.lastAt ? formatDateTime(row.lastAt) : 'Never'}</span>
          </Text>
        )}
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <ActionButton {...props} />
          {editing && (
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Cancel" tabIndex={-1} onClick={onCancel}>
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
