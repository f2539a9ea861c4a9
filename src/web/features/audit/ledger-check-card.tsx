import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../components/load-error';
import { failureOf, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpcClient, trpc } from '../../trpc';

/** Admins see when the ledger check last ran and whether it held, and can run it now. */
export function LedgerCheckCard() {
  const queryClient = useQueryClient();
  const last = useQuery(trpc.audit.lastLedgerCheck.queryOptions());
  const run = useMutation({
    mutationFn: () => trpcClient.audit.ledgerCheck.query(),
    onSuccess: (result) => queryClient.setQueryData(trpc.audit.lastLedgerCheck.queryKey(), result),
    onError: (error) => notifyError('Error', messageOf(error, 'The ledger check could not run')),
  });
  const failure = failureOf(last);
  const check = last.data;
  return (
    <Paper withBorder p="lg" data-testid="ledger-check">
      {failure ? (
        <LoadError failure={failure} />
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Group wrap="nowrap">
            <ThemeIcon size={40} variant="light" color={check && !check.ok ? 'red' : 'teal'}>
              {check && !check.ok ? <IconShieldX /> : <IconShieldCheck />}
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={700}>Ledger check</Text>
              <Text size="sm" c="dimmed">
                {last.isPending
                  ? 'Loading...'
                  : !check
                    ? 'Not run yet: it runs daily, or now with Check now.'
                    : `${check.ok ? 'Held' : 'FAILED'} · ${check.checkedTransactions.toLocaleString('en-US')} transactions · ${check.trigger === 'daily' ? 'daily check' : 'run by hand'} ${formatDateTime(check.at)}`}
              </Text>
              {check && !check.ok && (
                <Text size="sm" c="red.8">
                  {check.problems.slice(0, 3).join('; ')}
                </Text>
              )}
            </Stack>
          </Group>
          <Button variant="light" onClick={() => run.mutate()} loading={run.isPending}>
            Check now
          </Button>
        </Group>
      )}
    </Paper>
  );
}
