import { Box, Center } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from '../../shared/constants';
import { clearToken, getToken, sessionExpired } from '../lib/auth-token';
import { notifyError } from '../lib/notify';
import { useAuth } from '../lib/use-auth';
import { LoginPage } from '../routes/login';
import { AppLayout } from './app-shell';
import { LoadError } from './load-error';
import { LoadingScreen } from './status-screens';

/** Spec 2.2: every signed-in page waits for authentication; signed-out visitors are sent to /login. */
export function SignedInArea() {
  const auth = useAuth();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const onHome = pathname === '/';

  useEffect(() => {
    if (auth.status !== 'unauthenticated') return;
    if (getToken()) clearToken();
    // On / a visitor who was never signed in just sees the login form; a session the server ended
    // says so everywhere (spec 8.2).
    if (onHome && !sessionExpired()) return;
    notifyError('Unauthorized', pathname === '/types' && !sessionExpired() ? 'Please sign in' : 'You are logged out. Logging in again...');
    const timer = setTimeout(() => void navigate({ to: '/login' }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [auth.status, onHome, pathname, navigate]);

  if (auth.status === 'authenticated') return <AppLayout user={auth.user} />;
  if (auth.status === 'failed') {
    return (
      <Center mih="100vh" p="md">
        <Box maw={480} w="100%">
          <LoadError failure={auth.failure} />
        </Box>
      </Center>
    );
  }
  if (auth.status === 'unauthenticated' && onHome && !sessionExpired()) return <LoginPage />;
  return <LoadingScreen />;
}
