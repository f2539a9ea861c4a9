import { Badge, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { Panel } from '../../components/panel';
import { failureOf, fieldErrorsOf, fieldIssuesOf, messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, trpcClient } from '../../trpc';
import { TwoFactorSetup } from './two-factor-setup';

const SETUP_CALLS = {
  setup: () => trpcClient.auth.twoFactor.setup.mutate(),
  enable: (code: string) => trpcClient.auth.twoFactor.enable.mutate({ code }),
};

/** The caller's second step: on or off, set it up, or turn it off with the password and a code. */
export function TwoFactorPanel() {
  const status = useQuery(trpc.auth.twoFactor.status.queryOptions());
  const disable = useMutation(trpc.auth.twoFactor.disable.mutationOptions());
  const [mode, setMode] = useState<'view' | 'setup' | 'disable'>('view');
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!values.password) problems.password = 'Password is required';
    if (!values.code.trim()) problems.code = 'Enter a code or a recovery code';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const { message } = await disable.mutateAsync(values);
      notifySuccess(undefined, message);
      setValues({ password: '', code: '' });
      setMode('view');
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length) setErrors(fieldErrorsOf(issues));
      else notifyError('Error', messageOf(error, 'Two-step sign-in could not be turned off'));
    }
  };

  const failure = failureOf(status);
  const data = status.data;
  return (
    <Panel>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Two-step sign-in
          </Title>
          {data && (
            <Badge color={data.enabled ? 'teal' : 'gray'} variant="light">
              {data.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {failure ? (
          <LoadError failure={failure} compact />
        ) : !data ? (
          <Text c="dimmed">Loading…</Text>
        ) : mode === 'setup' ? (
          <TwoFactorSetup calls={SETUP_CALLS} onDone={() => setMode('view')} onCancel={() => setMode('view')} />
        ) : mode === 'disable' ? (
          <form onSubmit={(e) => void turnOff(e)} noValidate>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={values.password}
                  error={errors.password}
                  onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
                />
                <TextInput
                  label="Code or recovery code"
                  autoComplete="one-time-code"
                  value={values.code}
                  error={errors.code}
                  onChange={(e) => setValues({ ...values, code: e.currentTarget.value })}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setMode('view')}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={disable.isPending}>
                  Turn off
                </Button>
              </Group>
            </Stack>
          </form>
        ) : data.enabled ? (
          <Group justify="space-between">
            <Text size="sm">
              Signing in asks for a code from your authenticator app. {data.recoveryCodesLeft} of 10 recovery codes left.
            </Text>
            {!data.required && (
              <Button variant="light" color="red" onClick={() => setMode('disable')}>
                Turn off
              </Button>
            )}
          </Group>
        ) : (
          <Group justify="space-between">
            <Text size="sm">Add a code from an authenticator app to your sign-in, so a stolen password is not enough.</Text>
            <Button onClick={() => setMode('setup')}>Set up two-step sign-in</Button>
          </Group>
        )}
      </Stack>
    </Panel>
  );
}
