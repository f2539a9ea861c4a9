import { Box, Center } from '@mantine/core';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { getToken, subscribeToken } from './lib/auth-token';
import { withScreenStyles } from './lib/screen-styles';
import { AppLayout } from './components/app-shell';
import { LoadError } from './components/load-error';
import { LoadingScreen } from './components/status-screens';

// The sign-in form is its own chunk: a signed-in visit (nearly every visit) does not fetch it (decision 172).
const LoginPage = lazy(() => withScreenStyles(import('./routes/login')).then((m) => ({ default: m.LoginPage })));

/**
 * Spec 2.2: the signed-in area, once its beforeLoad (route-guards.ts) has found the user; on / a visitor
 * who was never signed in sees the login form. A sign-in or sign-out anywhere (another tab, a 401) runs
 * the check again.
 */
export function SignedInArea() {
  const { user } = useRouteContext({ from: '/signed-in' });
  const router = useRouter();
  useEffect(() => {
    const stop = subscribeToken(() => void router.invalidate());
    // A screen's first read refused the token while the check was answered (they go out together): ask again.
    if (!getToken()) void router.invalidate();
    return stop;
  }, [router]);
  // The shell and the screen are built in the background the first time (a transition React splits into
  // short tasks), the Loading screen staying until they are in: one long task of building them would hold
  // a phone's main thread for a third of a second (decision 200).
  const built = useDeferredValue(true, false);
  if (user && !built) return <LoadingScreen />;
  return user ? (
    <AppLayout user={user} />
  ) : (
    <Suspense fallback={null}>
      <LoginPage />
    </Suspense>
  );
}

/** The server could not say who is signed in (it is down, or failed): not the same as signed out. */
export function AuthFailed({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <Center mih="100vh" p="md">
      <Box maw={480} w="100%">
        <LoadError failure={{ error, retry: () => void router.invalidate() }} />
      </Box>
    </Center>
  );
}
