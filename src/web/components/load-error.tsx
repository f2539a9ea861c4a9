import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type Failure, messageOf } from '../lib/errors';

export const LOAD_ERROR_TITLE = 'Could not load the data';
export const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';

/** The error state of a screen or a grid: the server's message and a Retry button, never an empty list. */
export function LoadError({ failure, compact }: { failure: Failure; compact?: boolean }) {
  const message = messageOf(failure.error, UNREACHABLE);
  const retry = (
    <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={failure.retry}>
      Retry
    </Button>
  );
  if (compact) {
    return (
      <Center py={40} role="alert">
        <Stack align="center" gap={6} maw={520}>
          <Group gap={6} c="red">
            <IconAlertTriangle size={18} />
            <Text fw={600}>{LOAD_ERROR_TITLE}</Text>
          </Group>
          <Text size="sm" ta="center" data-testid="load-error-message">
            {message}
          </Text>
          {retry}
        </Stack>
      </Center>
    );
  }
  return (
    <Alert color="red" variant="light" title={LOAD_ERROR_TITLE} icon={<IconAlertTriangle />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" data-testid="load-error-message">
          {message}
        </Text>
        {retry}
      </Stack>
    </Alert>
  );
}

/** The router's error boundary: a screen that threw shows what went wrong and can be tried again. */
export function RouteError({ error, reset }: { error: unknown; reset: () => void }) {
  return (
    <Center py={60} px="md">
      <Stack maw={520} w="100%">
        <LoadError failure={{ error, retry: reset }} />
      </Stack>
    </Center>
  );
}
