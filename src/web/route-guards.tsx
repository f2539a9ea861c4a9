import type { QueryClient } from '@tanstack/react-query';
import { type AsyncRouteComponent, Await, Navigate, redirect, useLoaderData } from '@tanstack/react-router';
import { lazy } from 'react';
import { LOGIN_REDIRECT_DELAY_MS, USERS_ACCESS_DENIED_DELAY_MS } from '../shared/constants';
import { clearToken, getToken, rememberRole, sessionExpired } from './lib/auth-token';
import { type ReadContext, type Reads, readsAsAdmin, startAll, withReads } from './lib/screen-reads';
import { isUnauthorized } from './lib/errors';
import { notifyError } from './lib/notify';
import type { trpc } from './trpc';
import type { UserView } from './lib/api-types';

/** What every route's beforeLoad and loader receive (createRootRouteWithContext). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
  /** Starts fetching the code and the first reads of the routes a navigation matched (router.tsx; decisions 172, 229). */
  startScreens: (matches: readonly { routeId: string; loaderDeps: unknown }[]) => void;
}

// The notice is in the start-up file (status-screens.tsx); the routes, which the page's first script
// declares, name it without importing it (decision 246).
const DeniedNotice = lazy(() => import('./components/status-screens').then((m) => ({ default: m.DeniedNotice })));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The signed-in user, or null when signed out; throws when the server could not say (not the same as signed out). */
async function currentUser({ queryClient, trpc }: RouterContext): Promise<UserView | null> {
  const token = getToken();
  if (!token) return null;
  try {
    const user = await queryClient.ensureQueryData(trpc.auth.user.queryOptions());
    // The role of this token's user, for the next page's admin reads (decision 251); not if the token
    // changed meanwhile (signed out here or in another tab).
    if (user && getToken() === token) rememberRole(user.role);
    return user;
  } catch (error) {
    // A refused token has already signed out (the query client's 401 handler, spec 8.2).
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/**
 * Spec 2.2 and 8.2, the signed-in area's beforeLoad: a signed-out visitor gets the Unauthorized toast
 * and goes to /login after 500 ms (the Loading screen stays meanwhile). On / a visitor who was never
 * signed in sees the login form instead (user null); a session the server ended says so everywhere.
 */
export async function requireUser(context: RouterContext, pathname: string, preload: boolean): Promise<{ user: UserView | null }> {
  const user = await currentUser(context);
  // The token can be refused by a read that went out beside the check (decision 229).
  if (user && getToken()) return { user };
  clearToken();
  if (pathname === '/' && !sessionExpired()) return { user: null };
  if (preload) throw redirect({ to: '/login' });
  notifyError('Unauthorized', pathname === '/types' && !sessionExpired() ? 'Please sign in' : 'You are logged out. Logging in again...');
  await wait(LOGIN_REDIRECT_DELAY_MS);
  throw redirect({ to: '/login' });
}

interface Denial {
  /** The toast's text (spec 8.2). */
  toast: string;
  /** The notice on the page. */
  title: string;
  message: string;
  delayMs: number;
}

/**
 * Admin-only routes (spec 2.13, 2.15): beforeLoad finds whether the user may see the screen; a non-admin
 * gets the Access Denied toast and the notice inside the app shell, and the router takes them to / once
 * the loader's delay has passed (a loader that waited would hold the whole screen on the Loading screen).
 */
export function adminOnly(denial: Denial) {
  const loader = ({ context }: { context: { denied: boolean } }) => {
    if (!context.denied) return { leave: null };
    notifyError('Access Denied', denial.toast);
    return { leave: wait(denial.delayMs) };
  };
  return {
    beforeLoad: ({ context, preload }: { context: { user: UserView | null }; preload: boolean }) => {
      const denied = context.user?.role !== 'admin';
      if (denied && preload) throw redirect({ to: '/' });
      return { denied };
    },
    /**
     * The loader, which also starts an admin's first reads before the screen is built (decision 234): once
     * the check has said the user is an admin, or beside the check when this browser's last check said
     * admin (decision 251). A staff member's leave only on a stale hint (an admin demoted), and the server
     * refuses them. `deps` are the route's loaderDeps.
     */
    startReads: <D = unknown,>(reads: Reads<D>) =>
      withReads(
        ({ context, deps }: { context: ReadContext & { denied: boolean; user: UserView | null }; deps: D }) => {
          if (!context.denied && context.user) startAll(reads(context, deps));
          return loader({ context });
        },
        (ctx, deps) => (readsAsAdmin(ctx) ? startAll(reads(ctx, deps as D)) : []),
      ),
    /** The screen, or the notice until it is time to leave. */
    gate: (Screen: AsyncRouteComponent<object>) =>
      Object.assign(
        function AdminOnly() {
          const data = useLoaderData({ strict: false });
          const leave = data && 'leave' in data ? data.leave : null;
          if (!leave) return <Screen />;
          return (
            <Await promise={leave} fallback={<DeniedNotice title={denial.title} message={denial.message} />}>
              {() => <Navigate to="/" />}
            </Await>
          );
        },
        { preload: Screen.preload },
      ),
  };
}

/** Spec 2.13: the admin screens' guard; others get Access Denied and go to / after one second. */
export const admins = adminOnly({
  toast: 'Admins only',
  title: 'Access Denied',
  message: 'Admins only',
  delayMs: USERS_ACCESS_DENIED_DELAY_MS,
});
