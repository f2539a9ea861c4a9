import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from '@trpc/client';
// tRPC's own helper for writing a link (the package, not our server): the house pattern is meant for src/server.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/app-router';
import { TRPC_MAX_BATCH_CALLS } from '../shared/constants';
import { expireSession, getToken } from './lib/auth-token';
import { isUnauthorized } from './lib/errors';
import { refreshAfterWrite } from './lib/refresh';
import { noteChangeId } from './lib/change-cursor';
import { CHANGE_ID_HEADER } from '../shared/change-event-kinds';

/** The one error path for a refused token: any read or write answered 401 signs out (spec 8.2). */
const onError = (error: unknown) => {
  if (isUnauthorized(error)) expireSession();
};

/** Spec 7.1: data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Every successful mutation refreshes what the refresh table says it touches before its caller sees the
 * answer, so a dialog closes on current data and no call site lists its own invalidations (decision 140).
 */
const refreshLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      if (op.type !== 'mutation') return next(op).subscribe(observer);
      let refreshed = Promise.resolve();
      const subscription = next(op).subscribe({
        next: (answer) => {
          refreshed = refreshAfterWrite(queryClient, op.path).then(() => observer.next(answer));
        },
        error: (error) => observer.error(error),
        complete: () => void refreshed.then(() => observer.complete()),
      });
      return () => subscription.unsubscribe();
    });

const headers = () => {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** Each answer's change stream id is noted until the stream opens, which opens from the earliest (decision 243). */
const fetchNotingChanges: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  noteChangeId(response.headers.get(CHANGE_ID_HEADER));
  return response;
};

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    refreshLink,
    // The sign-in check goes on its own beside a screen's first reads (started together, decision 229): in
    // their batch, the shell would wait for the slowest of them instead of showing the screen's own loading.
    splitLink({
      condition: (op) => op.path === 'auth.user',
      true: httpLink({ url: '/trpc', headers, fetch: fetchNotingChanges }),
      false: httpBatchLink({ url: '/trpc', maxItems: TRPC_MAX_BATCH_CALLS, headers, fetch: fetchNotingChanges }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
