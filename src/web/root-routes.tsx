import { createRootRouteWithContext, createRoute, Outlet } from '@tanstack/react-router';
import { AuthFailed, SignedInArea } from './signed-in-area';
import { LoadingScreen, NotFoundScreen } from './components/status-screens';
import { requireUser, type RouterContext } from './route-guards';
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
  beforeLoad: ({ context, location, preload }) => requireUser(context, location.pathname, preload),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: AuthFailed,
  component: SignedInArea,
});

/** A screen's reads (ensureQueryData calls), started as its route loads and when a link to it is hovered. */
type Reads = (ctx: RouterContext) => Promise<unknown>[];

/**
 * A loader that starts the screen's reads without waiting for them: the screen keeps its own loading and
 * failure states (a failed read shows inside the screen with Retry), and the reads are shared with the
 * screen's queries (same keys). ensureQueryData reads only what is not cached.
 */
export const startReads =
  (reads: Reads) =>
  ({ context }: { context: RouterContext & { user: UserView | null } }) => {
    // A failed read is the screen's to show; the loader does not wait for it or fail with it.
    if (context.user) for (const read of reads(context)) read.catch(() => undefined);
  };
