import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Panel } from '../../components/panel';
import { failureOf, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAuthActions } from '../../lib/use-auth';
import { trpc } from '../../trpc';
import type { SessionRowView } from '../../lib/api-types';
import { deviceOf } from './device';

/** The caller's open sessions: device, address, sign-in and last use; end one, or all of them. */
export function SessionsPanel() {
  const navigate = useNavigate();
  const { forget } = useAuthActions();
  const sessions = useQuery(trpc.auth.account.sessions.queryOptions());
  const end = useMutation(trpc.auth.account.endSession.mutationOptions());
  const endAll = useMutation(trpc.auth.account.logoutAll.mutationOptions());
  const [ending, setEnding] = useState<SessionRowView | 'all' | null>(null);

  const confirm = async () => {
    const target = ending;
    if (!target) return;
    try {
      if (target === 'all' || target.current) {
        if (target === 'all') await endAll.mutateAsync();
        else await end.mutateAsync({ id: target.id });
        setEnding(null);
        void navigate({ to: '/login' });
        forget();
        return;
      }
      await end.mutateAsync({ id: target.id });
      notifySuccess(undefined, 'Session ended');
    } catch (error) {
      notifyError('Error', messageOf(error, 'The session could not be ended'));
    }
    setEnding(null);
  };

  const failure = failureOf(sessions);
  return (
    <Panel>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Where you are signed in
          </Title>
          <Button variant="light" color="red" onClick={() => setEnding('all')} disabled={!sessions.data}>
            Sign out everywhere
          </Button>
        </Group>
        {failure ? (
          <LoadError failure={failure} compact />
        ) : !sessions.data ? (
          <Text c="dimmed">Loading sessions…</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Sessions" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" title={row.userAgent}>
                          {deviceOf(row.userAgent)}
                        </Text>
                        {row.current && (
                          <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
                            This device
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{row.ip || 'Unknown'}</Table.Td>
                    <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(row.lastSeenAt)}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="subtle" color="red" onClick={() => setEnding(row)}>
                        {row.current ? 'Sign out' : 'End'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={ending !== null}
        title={ending === 'all' ? 'Sign out everywhere?' : 'End this session?'}
        message={
          ending === 'all'
            ? 'Every device signed in to your account is signed out, this one included.'
            : ending?.current
              ? 'You will be signed out on this device.'
              : `${ending ? deviceOf(ending.userAgent) : ''} (${ending?.ip ?? ''}) will be signed out at its next action.`
        }
        confirmLabel={ending === 'all' ? 'Sign out everywhere' : 'End session'}
        danger
        busy={end.isPending || endAll.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setEnding(null)}
      />
    </Panel>
  );
}
