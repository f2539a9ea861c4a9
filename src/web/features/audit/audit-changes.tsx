import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const LABELS: Record<string, string> = {
  date: 'Date',
  customerId: 'Customer',
  casinoId: 'Casino',
  transactionTypeId: 'Type',
  unplayedCoinsChange: 'Unplayed change',
  playedCoinsChange: 'Played change',
  usdChange: 'USD change',
  name: 'Name',
  email: 'Email',
  website: 'Website',
  isActive: 'Active',
  scRatio: 'SC per $1',
  status: 'Status',
  role: 'Role',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown, nameOf?: (key: string, value: unknown) => string | undefined, key = '') =>
  v === null || v === undefined || v === '' ? '—' : (nameOf?.(key, v) ?? String(v));

/**
 * The fields an audit entry changed, "Label: before → after", or every value of a creation or a
 * deletion. `nameOf` turns ids into the names a person knows (customer, casino, type).
 */
export function AuditChanges({
  before,
  after,
  nameOf,
}: {
  before: unknown;
  after: unknown;
  nameOf?: (key: string, value: unknown) => string | undefined;
}): ReactNode {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== 'id' && k !== 'createdAt');
  const lines = keys
    .filter((k) => !(isRecord(before) && isRecord(after)) || JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => {
      const label = LABELS[k] ?? k;
      if (isRecord(before) && isRecord(after)) return `${label}: ${show(b[k], nameOf, k)} → ${show(a[k], nameOf, k)}`;
      return `${label}: ${show(isRecord(after) ? a[k] : b[k], nameOf, k)}`;
    });
  if (lines.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No field changed
      </Text>
    );
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

const ACTIONS: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  status: 'Status changed',
  adjustment: 'Adjustment',
};
export const actionLabel = (action: string) => ACTIONS[action] ?? action;
