import {
  type AsyncRouteComponent,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { z } from 'zod';
import { PROFITABILITY_ACCESS_DENIED_DELAY_MS, REDEMPTION_STATUSES, USERS_ACCESS_DENIED_DELAY_MS } from '../shared/constants';
import { AUDIT_ENTITIES } from '../shared/schemas/audit';
import { ACCESS_KIND_NAMES } from '../shared/schemas/access-log';
import { CHECK_IN_SORTS } from '../shared/schemas/check-ins';
import { HIGH_SC_SORTS, HISTORY_SORTS, PARTICIPATION_SORTS, PROFITABILITY_SORTS } from '../shared/sorting';
import { AuthFailed, SignedInArea } from './signed-in-area';
import { RouteError } from './components/load-error';
import { LoadingScreen, NotFoundScreen } from './components/status-screens';
import { historySearch } from './features/transactions/history-search';
import { formatCount, formatDay } from './lib/format';
import { dayParam, oneOf, positiveId, searchSchema, sortParam, typeNameParam } from './lib/search-params';
import { adminOnly, requireUser, type RouterContext } from './route-guards';
import { LoginRoute } from './routes/login';
import { ResetPasswordPage } from './routes/reset-password';
import { queryClient, trpc } from './trpc';
import type { UserView } from './lib/api-types';

interface HeadingContext {
  user: UserView;
  search: Record<string, unknown>;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: string;
    subtitle?: string | ((ctx: HeadingContext) => string);
  }
  interface Register {
    router: typeof router;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFoundScreen });

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginRoute });

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: searchSchema({ token: z.string().min(1).optional().catch(undefined) }),
  component: ResetPasswordPage,
});

/** Spec 2.2: every signed-in page waits for authentication (the Loading screen), then shows or redirects. */
const signedIn = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context, location, preload }) => requireUser(context, location.pathname, preload),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: AuthFailed,
  component: SignedInArea,
});

type Component = Parameters<typeof createRoute>[0]['component'];
type Subtitle = string | ((ctx: HeadingContext) => string);
/** A screen's reads (ensureQueryData calls), started as its route loads and when a link to it is hovered. */
type Reads = (ctx: RouterContext) => Promise<unknown>[];
/**
 * Loaders start the screen's reads without waiting for them: the screen keeps its own loading and failure
 * states (a failed read shows inside the screen with Retry), and the reads are shared with the screen's
 * queries (same keys). ensureQueryData reads only what is not cached.
 */
const startReads =
  (reads: Reads | undefined) =>
  ({ context }: { context: RouterContext & { user: UserView | null } }) => {
    // A failed read is the screen's to show; the loader does not wait for it or fail with it.
    if (context.user) for (const read of reads?.(context) ?? []) read.catch(() => undefined);
  };

const page = <P extends string>(path: P, title: string, subtitle: Subtitle, component: Component, reads?: Reads) =>
  createRoute({ getParentRoute: () => signedIn, path, staticData: { title, subtitle }, loader: startReads(reads), component });

const historyRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/transactions/history',
  staticData: { title: 'Transaction History', subtitle: 'View and filter all transactions' },
  validateSearch: historySearch,
  component: lazyRouteComponent(() => import('./routes/history'), 'HistoryPage'),
});

const report = <P extends string, S extends z.ZodRawShape>(path: P, title: string, subtitle: Subtitle, search: S, component: Component) =>
  createRoute({ getParentRoute: () => signedIn, path, staticData: { title, subtitle }, validateSearch: searchSchema(search), component });

const dateRange = { startDate: dayParam, endDate: dayParam };
const highScSubtitle = ({ search }: HeadingContext) =>
  `Balances > $${formatCount(typeof search.threshold === 'number' ? search.threshold : 100)}`;
const reportRoutes = [
  report(
    '/reports/high-sc',
    'High SC Report',
    highScSubtitle,
    { threshold: positiveId, asOf: dayParam, sort: sortParam(HIGH_SC_SORTS) },
    lazyRouteComponent(() => import('./routes/report-high-sc'), 'HighScReportPage'),
  ),
  report(
    '/reports/participation',
    'Participation Report',
    'Compare customer casino participation',
    { masterUserId: positiveId, sort: sortParam(PARTICIPATION_SORTS) },
    lazyRouteComponent(() => import('./routes/report-participation'), 'ParticipationReportPage'),
  ),
  report(
    '/reports/reconciliation',
    'Reconciliation Report',
    'Ledger balances checked against the casinos',
    { staleDays: positiveId, page: positiveId },
    lazyRouteComponent(() => import('./routes/report-reconciliation'), 'ReconciliationReportPage'),
  ),
  page(
    '/reports/redemptions',
    'Redemptions Report',
    'Payout times by casino',
    lazyRouteComponent(() => import('./routes/report-redemptions'), 'RedemptionsReportPage'),
  ),
  report(
    '/reports/transaction-types',
    'Transaction Types Report',
    'Filter and analyze transactions by type',
    { transactionTypeId: positiveId, typeName: typeNameParam, ...dateRange, sort: sortParam(HISTORY_SORTS) },
    lazyRouteComponent(() => import('./routes/report-transaction-types'), 'TransactionTypesReportPage'),
  ),
] as const;

// Spec 2.15: others see Access Restricted and go to / after 2 s.
const profitabilityAdmins = adminOnly({
  toast: 'You need admin privileges to view profitability reports',
  title: 'Access Restricted',
  message: 'Only administrators can view profitability reports',
  delayMs: PROFITABILITY_ACCESS_DENIED_DELAY_MS,
});
const profitabilityRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/reports/profitability',
  staticData: { title: 'Profitability Report', subtitle: 'USD profit/loss analysis (Admin Only)' },
  validateSearch: searchSchema({ customerId: positiveId, casinoId: positiveId, ...dateRange, sort: sortParam(PROFITABILITY_SORTS) }),
  beforeLoad: profitabilityAdmins.beforeLoad,
  loader: profitabilityAdmins.loader,
  component: profitabilityAdmins.gate(lazyRouteComponent(() => import('./routes/report-profitability'), 'ProfitabilityReportPage')),
});

const redemptionsRoute = report(
  '/redemptions',
  'Redemptions',
  'Money in transit from the casinos',
  { status: oneOf([...REDEMPTION_STATUSES, 'all']), customerId: positiveId, casinoId: positiveId, page: positiveId },
  lazyRouteComponent(() => import('./routes/redemptions'), 'RedemptionsPage'),
);
/** The check-ins board's descending flag stays the text 'true' in the URL. */
const descParam = z
  .preprocess((v) => (v === true ? 'true' : v), z.literal('true'))
  .optional()
  .catch(undefined);
const checkInsRoute = report(
  '/check-ins',
  'Daily Check-ins',
  // A chosen day is named: the board of another day is not "Today's".
  ({ search }) =>
    typeof search.date === 'string'
      ? `Check-ins of ${formatDay(search.date)}, customer by casino`
      : "Today's check-ins, customer by casino",
  {
    date: dayParam,
    status: oneOf(['done', 'missing']),
    customerId: positiveId,
    casinoId: positiveId,
    sort: oneOf(CHECK_IN_SORTS),
    desc: descParam,
    page: positiveId,
  },
  lazyRouteComponent(() => import('./routes/check-ins'), 'CheckInsPage'),
);

/** Spec 2.13: admin screens; others get Access Denied and go to / after one second. */
const admins = adminOnly({ toast: 'Admins only', title: 'Access Denied', message: 'Admins only', delayMs: USERS_ACCESS_DENIED_DELAY_MS });
/** `explanation`: what the notice says beside the spec's toast, as Profitability explains itself (decision 114). */
const adminPage = <P extends string>(
  path: P,
  title: string,
  subtitle: string,
  screen: AsyncRouteComponent<object>,
  explanation?: string,
) => {
  const guard = explanation
    ? adminOnly({ toast: 'Admins only', title: 'Access Denied', message: explanation, delayMs: USERS_ACCESS_DENIED_DELAY_MS })
    : admins;
  return createRoute({
    getParentRoute: () => signedIn,
    path,
    staticData: { title, subtitle },
    beforeLoad: guard.beforeLoad,
    loader: guard.loader,
    component: guard.gate(screen),
  });
};

const auditRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/admin/audit',
  staticData: { title: 'Audit Trail', subtitle: 'Who changed what, and when' },
  validateSearch: searchSchema({ entity: oneOf(AUDIT_ENTITIES), entityId: positiveId, userId: positiveId, ...dateRange, page: positiveId }),
  beforeLoad: admins.beforeLoad,
  loader: admins.loader,
  component: admins.gate(lazyRouteComponent(() => import('./routes/audit'), 'AuditPage')),
});

const accessLogRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/admin/access-log',
  staticData: { title: 'Access log', subtitle: 'Sign-ins, sign-outs and account changes' },
  validateSearch: searchSchema({ kind: oneOf(ACCESS_KIND_NAMES), userId: positiveId, ...dateRange, page: positiveId }),
  beforeLoad: admins.beforeLoad,
  loader: admins.loader,
  component: admins.gate(lazyRouteComponent(() => import('./routes/access-log'), 'AccessLogPage')),
});

const addSubtitle = 'Quick entry for casino transactions';
const addTransaction = lazyRouteComponent(() => import('./routes/add-transaction'), 'AddTransactionPage');
/** Add Transaction keeps the Recent panel's sort in the URL. */
const addRoute = <P extends string>(path: P) =>
  createRoute({
    getParentRoute: () => signedIn,
    path,
    staticData: { title: 'Add Transaction', subtitle: addSubtitle },
    validateSearch: searchSchema({ sort: sortParam(HISTORY_SORTS) }),
    component: addTransaction,
  });

const routeTree = rootRoute.addChildren([
  loginRoute,
  resetRoute,
  signedIn.addChildren([
    addRoute('/'),
    addRoute('/transactions/add'),
    page(
      '/dashboard',
      'Dashboard',
      ({ user }) => `Welcome back, ${user.firstName || user.email}`,
      lazyRouteComponent(() => import('./routes/dashboard'), 'DashboardPage'),
    ),
    adminPage(
      '/admin/users',
      'Users',
      'Manage staff and admin roles',
      lazyRouteComponent(() => import('./routes/users'), 'UsersPage'),
      'Only administrators can manage users and their roles. Taking you to the start page...',
    ),
    page(
      '/types',
      'Transaction Types',
      'Manage transaction categories for casinos',
      lazyRouteComponent(() => import('./routes/types'), 'TypesPage'),
      ({ queryClient, trpc }) => [
        queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
        queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
      ],
    ),
    historyRoute,
    redemptionsRoute,
    checkInsRoute,
    page(
      '/customers',
      'Customers',
      'Manage gaming account holders',
      lazyRouteComponent(() => import('./routes/customers'), 'CustomersPage'),
      ({ queryClient, trpc }) => [
        queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
        queryClient.ensureQueryData(trpc.customerCasinos.list.queryOptions(undefined)),
      ],
    ),
    page(
      '/casinos',
      'Casinos',
      'Manage gaming platforms',
      lazyRouteComponent(() => import('./routes/casinos'), 'CasinosPage'),
      ({ queryClient, trpc }) => [queryClient.ensureQueryData(trpc.casinos.list.queryOptions())],
    ),
    page(
      '/import',
      'Import',
      'Bring transactions and customers in from spreadsheets',
      lazyRouteComponent(() => import('./routes/import'), 'ImportPage'),
    ),
    ...reportRoutes,
    profitabilityRoute,
    auditRoute,
    accessLogRoute,
    page(
      '/profile',
      'Profile',
      'Your sign-ins, password, two-step sign-in and API tokens',
      lazyRouteComponent(() => import('./routes/profile'), 'ProfilePage'),
    ),
    adminPage(
      '/admin/deleted-transactions',
      'Deleted Transactions',
      'Restore what was deleted',
      lazyRouteComponent(() => import('./routes/deleted-transactions'), 'DeletedTransactionsPage'),
    ),
  ]),
]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // A list reached by a new navigation (a tab, a filter, a page) starts at its top: the router would
    // otherwise carry the grid's scroll position over from the list before (decision 099).
    scrollToTopSelectors: ['.grid-scroll'],
    defaultErrorComponent: RouteError,
  });
}

export const router = createAppRouter();
