import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadError, UNREACHABLE } from '../../components/load-error';
import { failureOf, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpcClient, trpc } from '../../trpc';

/** How often a running check is asked for its result. */
const CHECK_POLL_MS = 1000;
export const CHECK_FAILED_TITLE = 'The ledger check did not finish';

/**
 * Admins see when the ledger check last ran and whether it held, and can run it now. A check runs as a
 * job on the server (decision 087): Check now starts it (or joins the one running), the card asks for its
 * result every second and shows it running, its result, or why it could not run with a Retry.
 */
export function LedgerCheckCard() {
  const queryClient = useQueryClient();
  const last = useQuery(trpc.audit.lastLedgerCheck.queryOptions());
  const [runId, setRunId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: () => trpcClient.audit.startLedgerCheck.mutate(),
    onSuccess: (run) => setRunId(run.id),
  });
  const run = useQuery({
    ...trpc.audit.ledgerCheckRun.queryOptions({ id: runId ?? 0 }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? CHECK_POLL_MS : false),
  });
  const finished = run.data?.state === 'done' ? run.data : undefined;
  useEffect(() => {
    if (finished) queryClient.setQueryData(trpc.audit.lastLedgerCheck.queryKey(), finished);
  }, [finished, queryClient]);

  const failure = failureOf(last);
  const check = last.data;
  const problem = start.isError
    ? messageOf(start.error, UNREACHABLE)
    : run.isError
      ? messageOf(run.error, UNREACHABLE)
      : run.data?.state === 'failed'
        ? run.data.message
        : null;
  const running = problem === null && (start.isPending || run.data?.state === 'running' || (runId !== null && run.isPending));
  const retry = () => {
    setRunId(null);
    start.mutate();
  };
  return (
    <Paper withBorder p="lg" data-testid="ledger-check">
      {failure ? (
        <LoadError failure={failure} />
      ) : (
        <Stack gap="sm">
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
            <Button variant="light" onClick={() => start.mutate()} loading={running}>
              Check now
            </Button>
          </Group>
          {running && (
            <Group gap="xs" role="status" wrap="nowrap" align="flex-start">
              <Loader size="xs" mt={3} style={{ flexShrink: 0 }} />
              <Text size="sm">
                {run.data?.state === 'running'
                  ? `Checking every transaction (started ${formatDateTime(run.data.startedAt)})...`
                  : 'Starting the check...'}
              </Text>
            </Group>
          )}
          {problem !== null && (
            <Alert color="red" variant="light" title={CHECK_FAILED_TITLE} icon={<IconAlertTriangle />} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{problem}</Text>
                <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={retry}>
                  Retry
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
