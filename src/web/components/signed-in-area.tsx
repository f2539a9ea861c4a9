import { Box, Center } from '@mantine/core';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { subscribeToken } from '../lib/auth-token';
import { LoginPage } from '../routes/login';
import { AppLayout } from './app-shell';
import { LoadError } from './load-error';

/**
 * Spec 2.2: the signed-in area, once its beforeLoad (route-guards.ts) has found the user; on / a visitor
 * who was never signed in sees the login form. A sign-in or sign-out anywhere (another tab, a 401) runs
 * the check again.
 */
export function SignedInArea() {
  const { user } = useRouteContext({ from: '/signed-in' });
  const router = useRouter();
  useEffect(() => subscribeToken(() => void router.invalidate()), [router]);
  return user ? <AppLayout user={user} /> : <LoginPage />;
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
