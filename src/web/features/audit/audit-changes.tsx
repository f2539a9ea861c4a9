import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { auditActionLabel, auditChangeLines, type AuditNames } from '../../../shared/audit-text';
import { useAllTypes, useCasinos, useCustomers } from '../../lib/master-data';
import { nameOrEmail } from '../../../shared/names';
import { trpc } from '../../trpc';

/**
 * The names audit entries are read with, from the screens' master-data queries; users only where the
 * screen may list them (admins), else their emails as the entries carry them.
 */
export function useAuditNames({ users = false }: { users?: boolean } = {}) {
  const customers = useCustomers();
  const casinos = useCasinos();
  const types = useAllTypes();
  const userList = useQuery({ ...trpc.users.list.queryOptions(), enabled: users });
  // The same names while the lists are the same, so a grid that shows them keeps its built rows (decision 227).
  const names = useMemo<AuditNames>(
    () => ({
      customers: new Map(customers.data?.map((c) => [c.id, c.name])),
      casinos: new Map(casinos.data?.map((c) => [c.id, c.name])),
      types: new Map(types.data?.map((t) => [t.id, t.name])),
      users: new Map(userList.data?.map((u) => [u.id, nameOrEmail(u)])),
    }),
    [customers.data, casinos.data, types.data, userList.data],
  );
  return { names, users: userList };
}

/** "Label: before → after" per changed field, or every value of a creation or a deletion (src/shared/audit-text.ts). */
export function AuditChanges({ before, after, names }: { before: unknown; after: unknown; names: AuditNames }): ReactNode {
  const lines = auditChangeLines(before, after, names);
  if (lines.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No field changed
      </Text>
    );
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

export const actionLabel = auditActionLabel;
