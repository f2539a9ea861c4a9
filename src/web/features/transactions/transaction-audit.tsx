import { Badge, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/load-error';
import { failureOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { actionLabel, AuditChanges, useAuditNames } from '../audit';

/** The Edit dialog's History tab: who changed this transaction, what and when, oldest first. */
export function TransactionAudit({ id }: { id: number }) {
  const query = useQuery(trpc.transactions.audit.queryOptions({ id }));
  const { names } = useAuditNames();

  const failure = failureOf(query);
  if (failure) return <LoadError failure={failure} compact />;
  if (!query.data) return <Loader size="sm" m="md" />;
  if (query.data.length === 0)
    return (
      <Text c="dimmed" size="sm" py="md">
        No changes recorded for this transaction.
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} py="sm" data-testid="transaction-audit">
      {query.data.map((e) => (
        <Timeline.Item
          key={e.id}
          title={
            <Group gap="xs">
              <Badge size="sm" variant="light">
                {actionLabel(e.action)}
              </Badge>
              <Text size="sm" fw={600}>
                {e.user?.email ?? 'System'}
              </Text>
            </Group>
          }
        >
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)}
            </Text>
            <AuditChanges before={e.before} after={e.after} names={names} />
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
