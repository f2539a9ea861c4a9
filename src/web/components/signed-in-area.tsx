import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from '../../shared/constants';
import { clearToken, getToken } from '../lib/auth-token';
import { notifyError } from '../lib/notify';
import { useAuth } from '../lib/use-auth';
import { LoginPage } from '../routes/login';
import { AppLayout } from './app-shell';
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
    if (onHome) return;
    notifyError('Unauthorized', pathname === '/types' ? 'Please sign in' : 'You are logged out. Logging in again...');
    const timer = setTimeout(() => void navigate({ to: '/login' }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [auth.status, onHome, pathname, navigate]);

  if (auth.status === 'authenticated') return <AppLayout user={auth.user} />;
  if (auth.status === 'unauthenticated' && onHome) return <LoginPage />;
  return <LoadingScreen />;
}
