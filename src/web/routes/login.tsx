import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loginInput, type LoginInput } from '../../shared/schemas/auth';
import { AuthCard } from '../features/auth/auth-card';
import { messageOf } from '../lib/errors';
import { useAuth, useAuthActions } from '../lib/use-auth';
import { zodValidate } from '../lib/zod-form';
import { trpc } from '../trpc';

/** Spec 2.3. */
export function LoginPage() {
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginInput),
    validateInputOnBlur: true,
  });
  const login = useMutation(trpc.auth.login.mutationOptions());

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { token } = await login.mutateAsync(values);
      await signIn(token);
      await navigate({ to: '/' });
    } catch (e) {
      setError(messageOf(e, 'Login failed'));
    }
  });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your account to continue">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Sign-in failed">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email address"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" fullWidth size="md" loading={false} disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Need access? Contact your administrator.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** /login: signed-in visitors go straight to /. */
export function LoginRoute() {
  const auth = useAuth();
  if (auth.status === 'authenticated') return <Navigate to="/" />;
  return <LoginPage />;
}
