import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { trpc, trpcClient } from '../trpc';
import { clearToken, getToken, setToken, subscribeToken } from './auth-token';
import { type Failure, failureOf, isUnauthorized } from './errors';
import type { UserView } from './api-types';

type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: UserView }
  /** The server could not say who is signed in (it is down, or failed): not the same as signed out. */
  | { status: 'failed'; user: null; failure: Failure };

/** The auth state of spec section 4: loading, unauthenticated or authenticated. */
export function useAuth(): AuthState {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const query = useQuery({ ...trpc.auth.user.queryOptions(undefined, { retry: false }), enabled: token !== null });
  if (token === null) return { status: 'unauthenticated', user: null };
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'authenticated', user: query.data };
  const failure = failureOf(query);
  if (failure && !isUnauthorized(failure.error)) return { status: 'failed', user: null, failure };
  return { status: 'unauthenticated', user: null };
}

/**
 * Sign in and out: store or clear the token, then refresh the current-user query. Signing out ends the
 * session on the server first (decision 101), so the token is refused from then on even where it was copied.
 */
export function useAuthActions() {
  const queryClient = useQueryClient();
  const signIn = useCallback(
    async (token: string) => {
      setToken(token);
      await queryClient.resetQueries();
    },
    [queryClient],
  );
  /** Forgets the token here only: for a session the server has ended already. */
  const forget = useCallback(() => {
    clearToken();
    queryClient.clear();
  }, [queryClient]);
  /** Ends the session on the server, runs `before` (say, going to /login), then forgets the token here. */
  const signOut = useCallback(
    async (before?: () => void) => {
      // Signed out here whatever the server answers: a session it has already ended answers 401.
      await trpcClient.auth.logout.mutate().catch(() => undefined);
      before?.();
      forget();
    },
    [forget],
  );
  return { signIn, signOut, forget };
}

export { nameOrEmail as displayName } from '../../shared/names';
