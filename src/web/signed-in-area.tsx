import { Box, Center } from '@mantine/core';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { subscribeToken } from './lib/auth-token';
import { withScreenStyles } from './lib/screen-styles';
import { AppLayout } from './components/app-shell';
import { LoadError } from './components/load-error';

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
  useEffect(() => subscribeToken(() => void router.invalidate()), [router]);
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
