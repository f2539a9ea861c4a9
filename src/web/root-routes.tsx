import { createRootRouteWithContext, createRoute, Outlet } from '@tanstack/react-router';
import { AuthFailed, SignedInArea } from './signed-in-area';
import { LoadingScreen, NotFoundScreen } from './components/status-screens';
import { requireUser, type RouterContext } from './route-guards';
import { getToken } from './lib/auth-token';
import type { UserView } from './lib/api-types';

/** What a heading's subtitle may read: the signed-in user and the screen's search. */
interface HeadingContext {
  user: UserView;
  search: Record<string, unknown>;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: string;
    subtitle?: string | ((ctx: HeadingContext) => string);
  }
}

/**
 * The two routes every screen's route hangs from (decision 170): the root, and the signed-in area. Each
 * screen declares its own route beside it (`routes/<screen>.route.ts`); router.tsx only gathers them.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFoundScreen });

/** Spec 2.2: every signed-in page waits for authentication (the Loading screen), then shows or redirects. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context, location, preload, matches }) => {
    // The screen's code is fetched while the server says who is signed in, not after: on a slow line
    // these are two round trips side by side instead of one after the other (decision 172).
    if (getToken()) context.loadScreens(matches.map((m) => m.routeId));
    return requireUser(context, location.pathname, preload);
  },
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: AuthFailed,
  component: SignedInArea,
});

/**
 * A screen's reads (ensureQueryData calls), started as its route loads and when a link to it is hovered;
 * `deps` are the route's loaderDeps (the search a screen's first read depends on).
 */
type Reads<D> = (ctx: RouterContext, deps: D) => Promise<unknown>[];

/**
 * A loader that starts the screen's reads without waiting for them: the screen keeps its own loading and
 * failure states (a failed read shows inside the screen with Retry), and the reads are shared with the
 * screen's queries (same keys). ensureQueryData reads only what is not cached.
 */
export const startReads =
  <D = unknown,>(reads: Reads<D>) =>
  ({ context, deps }: { context: RouterContext & { user: UserView | null }; deps: D }) => {
    // A failed read is the screen's to show; the loader does not wait for it or fail with it.
    if (context.user) for (const read of reads(context, deps)) read.catch(() => undefined);
  };
