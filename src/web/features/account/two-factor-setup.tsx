import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';

/** What a setup needs from the server: a new secret, then turning it on with a code. */
export interface SetupCalls {
  setup: () => Promise<{ secret: string; otpauthUrl: string }>;
  enable: (code: string) => Promise<{ recoveryCodes: string[] }>;
}

/**
 * Sets up the second step (decision 102): the secret as a QR code and as text, a code from the app to
 * turn it on, then the ten recovery codes, shown this once. Used by Profile and by a sign-in that
 * REQUIRE_TWO_FACTOR holds to this setup.
 */
export function TwoFactorSetup({ calls, onDone, onCancel }: { calls: SetupCalls; onDone: () => void; onCancel?: () => void }) {
  const [secret, setSecret] = useState<{ secret: string; otpauthUrl: string; qr: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    setFailure(null);
    try {
      const answer = await calls.setup();
      // The QR code library loads only when a setup opens: the login screen stays light.
      const { toDataURL } = await import('qrcode');
      setSecret({ ...answer, qr: await toDataURL(answer.otpauthUrl, { margin: 1, width: 200 }) });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Two-step sign-in could not be set up');
    }
  };
  // The secret is asked for once, when the setup opens.
  useEffect(() => void start(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setCodeError('Enter the 6-digit code');
    setBusy(true);
    try {
      setRecoveryCodes((await calls.enable(code.trim())).recoveryCodes);
    } catch (error) {
      setCodeError(error instanceof Error ? error.message : 'That code is not valid');
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <Stack gap="sm">
        <Alert color="teal" title="Two-step sign-in is on">
          Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
        </Alert>
        <Code block data-testid="recovery-codes">
          {recoveryCodes.join('\n')}
        </Code>
        <Group justify="flex-end">
          <Button onClick={onDone}>I have saved my recovery codes</Button>
        </Group>
      </Stack>
    );
  }
  if (failure) {
    return (
      <Alert color="red" title="Two-step sign-in could not be set up" role="alert">
        <Stack gap="xs">
          <Text size="sm">{failure}</Text>
          <Group>
            <Button size="xs" variant="light" onClick={() => void start()}>
              Retry
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!secret) return <Text c="dimmed">Preparing a secret…</Text>;
  return (
    <form onSubmit={(e) => void enable(e)} noValidate>
      <Stack gap="sm">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Open your authenticator app (Google Authenticator, 1Password, Authy…).</List.Item>
          <List.Item>Scan this QR code, or type the key below.</List.Item>
          <List.Item>Enter the 6-digit code the app shows.</List.Item>
        </List>
        <Image src={secret.qr} alt="QR code for your authenticator app" w={200} h={200} bg="white" p={4} radius="sm" />
        <Text size="sm">
          Key: <Code data-testid="two-factor-secret">{secret.secret}</Code>
        </Text>
        <TextInput
          label="Code from your app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={codeError}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setCodeError(undefined);
          }}
          w={220}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
