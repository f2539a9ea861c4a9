import { type AnyRouter, createRouter, type RouterHistory } from '@tanstack/react-router';
import { rootRoute, signedInRoute } from './root-routes';
import { readsOf } from './lib/screen-reads';
import type { RouterContext } from './route-guards';
import { accessLogRoute } from './routes/access-log.route';
import { addTransactionRoute, startRoute } from './routes/add-transaction.route';
import { auditRoute } from './routes/audit.route';
import { booksRoute } from './routes/books.route';
import { casinosRoute } from './routes/casinos.route';
import { checkInsRoute } from './routes/check-ins.route';
import { customersRoute } from './routes/customers.route';
import { customerRoute } from './routes/customer.route';
import { casinoRoute } from './routes/casino.route';
import { dashboardRoute } from './routes/dashboard.route';
import { deletedTransactionsRoute } from './routes/deleted-transactions.route';
import { historyRoute } from './routes/history.route';
import { importRoute } from './routes/import.route';
import { loginRoute } from './routes/login.route';
import { profileRoute } from './routes/profile.route';
import { redemptionsRoute } from './routes/redemptions.route';
import { highScRoute } from './routes/report-high-sc.route';
import { participationRoute } from './routes/report-participation.route';
import { profitabilityRoute } from './routes/report-profitability.route';
import { reconciliationRoute } from './routes/report-reconciliation.route';
import { redemptionsReportRoute } from './routes/report-redemptions.route';
import { transactionTypesReportRoute } from './routes/report-transaction-types.route';
import { resetPasswordRoute } from './routes/reset-password.route';
import { typesRoute } from './routes/types.route';
import { usersRoute } from './routes/users.route';
import { queryClient, trpc } from './trpc';
import { getToken } from './lib/auth-token';

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * The route tree, gathered: each screen declares its route (path, search, guards, heading, reads) beside
 * itself in `routes/<screen>.route.ts`, and its component loads with the route, so a screen's code is
 * fetched only when it is visited (decision 170).
 */
const routeTree = rootRoute.addChildren([
  loginRoute,
  resetPasswordRoute,
  signedInRoute.addChildren([
    startRoute,
    addTransactionRoute,
    dashboardRoute,
    usersRoute,
    typesRoute,
    historyRoute,
    redemptionsRoute,
    checkInsRoute,
    customersRoute,
    casinosRoute,
    customerRoute,
    casinoRoute,
    importRoute,
    highScRoute,
    participationRoute,
    reconciliationRoute,
    redemptionsReportRoute,
    transactionTypesReportRoute,
    profitabilityRoute,
    auditRoute,
    accessLogRoute,
    profileRoute,
    deletedTransactionsRoute,
    booksRoute,
  ]),
]);

/**
 * Starts fetching the matched routes' screens and their loaders' reads: the signed-in check calls it in the
 * same tick as its own read, so the reads go out side by side with it, and the code in the next task
 * (decisions 172, 229, 252).
 */
function startScreens(router: AnyRouter, matches: Parameters<RouterContext['startScreens']>[0]): void {
  const routes = matches.flatMap(({ routeId, loaderDeps }) => {
    const route = router.routesById[routeId];
    if (route) readsOf(route.options.loader)?.({ queryClient, trpc }, loaderDeps);
    return route ? [route] : [];
  });
  // The code in the next task: the reads leave as this one ends, without waiting for the screen's module
  // and its styles to be set up, and a screen's own page has asked for its code already (decision 252).
  // A chunk that fails to load here is loaded again, and its failure shown, by the navigation itself.
  setTimeout(() => {
    for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
  }, 0);
}

export function createAppRouter(history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, trpc, startScreens: (matches: Parameters<RouterContext['startScreens']>[0]) => startScreens(router, matches) },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // A list reached by a new navigation (a tab, a filter, a page) starts at its top: the router would
    // otherwise carry the grid's scroll position over from the list before (decision 099).
    scrollToTopSelectors: ['.grid-scroll'],
  });
  return router;
}

export const router = createAppRouter();

/**
 * The router's load of the page's location, once, before React's first render (decision 247). Not from the
 * page's first script: the router decides whether to show a route's Loading screen as its load starts, and
 * the start-up file attaches that screen (route-views.tsx), so a load started before it showed nothing while
 * the check was out (decision 248).
 */
let loading = false;
export function loadFirstLocation(): void {
  if (loading) return;
  loading = true;
  router.load().catch(console.error);
}

/**
 * At start-up, before React renders anything: with a token, the sign-in check and the first screen's reads
 * go out now (its code in the next task), not from inside the first render's long task (decisions 229,
 * 252). The signed-in check then finds them in flight. early.ts calls it as the page's first script; start-app.tsx again, which does
 * nothing.
 */
let started = false;
export function startFirstScreen(): void {
  if (started || !getToken()) return;
  started = true;
  void queryClient.prefetchQuery(trpc.auth.user.queryOptions());
  startScreens(router, router.matchRoutes(router.latestLocation));
}
