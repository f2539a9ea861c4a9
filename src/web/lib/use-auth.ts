import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { UserView } from '../../shared/schemas/users';
import { trpc } from '../trpc';
import { AUTH_TOKEN_KEY, clearToken, getToken, setToken } from './auth-token';

type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'unauthenticated'; user: null }
  | { status: 'authenticated'; user: UserView };

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === AUTH_TOKEN_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
const emit = () => listeners.forEach((l) => l());

/** The auth state of spec section 4: loading, unauthenticated or authenticated. */
export function useAuth(): AuthState {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  const query = useQuery({ ...trpc.auth.user.queryOptions(undefined, { retry: false }), enabled: token !== null });
  if (token === null) return { status: 'unauthenticated', user: null };
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'authenticated', user: query.data };
  return { status: 'unauthenticated', user: null };
}

/** Sign in and out: store or clear the token, then refresh the current-user query. */
export function useAuthActions() {
  const queryClient = useQueryClient();
  const signIn = useCallback(
    async (token: string) => {
      setToken(token);
      await queryClient.resetQueries();
      emit();
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    clearToken();
    queryClient.clear();
    emit();
  }, [queryClient]);
  return { signIn, signOut };
}

export function displayName(user: Pick<UserView, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}
