import { createRootRouteWithContext, createRoute, Outlet } from '@tanstack/react-router';
import { requireUser, type RouterContext } from './route-guards';
import { getToken } from './lib/auth-token';
import type { UserView } from './lib/api-types';
import { type Reads, startAll, withReads } from './lib/screen-reads';

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
 * What they show (the 404, Loading and failure screens, the signed-in area) is added by route-views.tsx:
 * the routes themselves import no component, so the page's first script can start the sign-in check and
 * the first reads without React's DOM code or Mantine (decision 246).
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

/** Spec 2.2: every signed-in page waits for authentication (the Loading screen), then shows or redirects. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context, location, preload, matches }) => {
    // The screen's code and its first reads are fetched while the server says who is signed in, not after:
    // the reads leave in the same tick as the check, side by side with it, the code in the next task
    // (decisions 172, 229, 252).
    const user = requireUser(context, location.pathname, preload);
    if (getToken()) context.startScreens(matches);
    return user;
  },
  pendingMs: 0,
  pendingMinMs: 0,
});

/**
 * A loader that starts the screen's reads without waiting for them: the screen keeps its own loading and
 * failure states (a failed read shows inside the screen with Retry), and the reads are shared with the
 * screen's queries (same keys). ensureQueryData reads only what is not cached, so the reads the signed-in
 * check already started are not read twice.
 */
export const startReads = <D = unknown,>(reads: Reads<D>) => {
  const loader = ({ context, deps }: { context: RouterContext & { user: UserView | null }; deps: D }) => {
    if (context.user) void startAll(reads(context, deps));
  };
  // The router hands the loader this route's loaderDeps, and the signed-in check the same match's.
  return withReads(loader, (ctx, deps) => startAll(reads(ctx, deps as D)));
};
