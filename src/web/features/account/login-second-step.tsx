import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import { type SetupCalls, TwoFactorSetup } from './two-factor-setup';

/**
 * The login's second step (decision 102): the code from the authenticator app, or a recovery code.
 * `onToken` signs in; `onRestart` goes back to the password (the challenge expired or died).
 */
export function CodeStep({
  challengeToken,
  onToken,
  onRestart,
}: {
  challengeToken: string;
  onToken: (token: string) => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verify = useMutation(trpc.auth.loginTwoFactor.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (recovery ? !typed : !/^\d{6}$/.test(typed)) return setFieldError(recovery ? 'Enter a recovery code' : 'Enter the 6-digit code');
    setError(null);
    try {
      const { token } = await verify.mutateAsync(recovery ? { challengeToken, recoveryCode: typed } : { challengeToken, code: typed });
      await onToken(token);
    } catch (e) {
      const message = messageOf(e, 'Sign-in failed');
      if (/Sign in again/.test(message)) return onRestart(message);
      setError(message);
      setValue('');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Sign-in failed">
            {error}
          </Alert>
        )}
        <Text size="sm">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          maxLength={recovery ? 64 : 6}
          value={value}
          error={fieldError}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setFieldError(undefined);
          }}
        />
        <Button type="submit" fullWidth size="md" disabled={verify.isPending}>
          {verify.isPending ? 'Checking...' : 'Verify'}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setFieldError(undefined);
          }}
        >
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" ta="center" c="dimmed" onClick={() => onRestart('')}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

/** A call with the sign-in's token before it is kept: the setup a REQUIRE_TWO_FACTOR sign-in must finish first. */
async function withToken<T>(token: string, path: string, body?: object): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { message?: string; errors?: { message: string }[] };
  if (!res.ok) throw new Error(json.errors?.[0]?.message ?? json.message ?? `The server answered ${res.status}`);
  return json as T;
}

/** The setup a sign-in must finish before anything else when REQUIRE_TWO_FACTOR covers the user. */
export function SetupStep({ token, onToken }: { token: string; onToken: (token: string) => Promise<void> }) {
  const calls: SetupCalls = {
    setup: () => withToken(token, '/api/auth/two-factor/setup'),
    enable: (code) => withToken(token, '/api/auth/two-factor/enable', { code }),
  };
  return (
    <Stack>
      <Text size="sm">Your office requires two-step sign-in for your account. Set it up to continue.</Text>
      <TwoFactorSetup calls={calls} onDone={() => void onToken(token)} />
    </Stack>
  );
}
