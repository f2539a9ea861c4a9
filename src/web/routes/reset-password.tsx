import { Alert, Button, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { RESET_REDIRECT_DELAY_MS } from '../../shared/constants';
import { passwordProblem } from '../../shared/password';
import { AuthCard } from '../features/auth/auth-card';
import { PasswordChecklist } from '../features/auth/password-checklist';
import { RouterAnchor, RouterButton } from '../components/router-link';
import { messageOf } from '../lib/errors';
import { notifySuccess } from '../lib/notify';
import { trpc } from '../trpc';

const route = getRouteApi('/reset-password');
const MISSING_TOKEN = 'Invalid reset link. Please request a new password reset.';

/** Spec 2.4. */
export function ResetPasswordPage() {
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError(MISSING_TOKEN);
    const problem = passwordProblem(password);
    if (problem) return setError(problem);
    if (password !== confirm) return setError('Passwords do not match');
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      notifySuccess('Success', 'Your password has been reset successfully. You can now log in with your new password.');
    } catch (e) {
      setError(messageOf(e, 'Failed to reset password'));
    }
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password Reset Successful!">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Text ta="center" c="dimmed">
            Your password has been reset. You will be taken to the sign-in page in a few seconds.
          </Text>
          <RouterButton to="/login" fullWidth>
            Go to Login
          </RouterButton>
        </Stack>
      </AuthCard>
    );
  }

  const mismatch = confirm.length > 0 && confirm !== password;
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          />
          <PasswordChecklist password={password} />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={mismatch ? 'Passwords do not match' : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
          />
          <Button type="submit" fullWidth size="md" disabled={reset.isPending || !token}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Remembered it? <RouterAnchor to="/login">Sign in</RouterAnchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
