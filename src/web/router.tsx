import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, type RouterHistory } from '@tanstack/react-router';
import { AUDIT_ENTITIES, type AuditEntity } from '../shared/schemas/audit';
import type { UserView } from '../shared/schemas/users';
import { SignedInArea } from './components/signed-in-area';
import { RouteError } from './components/load-error';
import { NotFoundScreen } from './components/status-screens';
import { LoginRoute } from './routes/login';
import { ResetPasswordPage } from './routes/reset-password';
import { validateHistorySearch } from './features/transactions/history-search';
import { dayParam, positiveId, searchValidator, sortParam } from './lib/search-params';
import { HIGH_SC_SORTS, HISTORY_SORTS, PARTICIPATION_SORTS, PROFITABILITY_SORTS } from '../shared/sorting';
import { formatCount } from './lib/format';

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

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundScreen });

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginRoute });

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: ResetPasswordPage,
});

const signedIn = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in', component: SignedInArea });

type Component = Parameters<typeof createRoute>[0]['component'];
const page = <P extends string>(path: P, title: string, subtitle: string | ((ctx: HeadingContext) => string), component: Component) =>
  createRoute({ getParentRoute: () => signedIn, path, staticData: { title, subtitle }, component });

const historyRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/transactions/history',
  staticData: { title: 'Transaction History', subtitle: 'View and filter all transactions' },
  validateSearch: validateHistorySearch,
  component: lazyRouteComponent(() => import('./routes/history'), 'HistoryPage'),
});

const report = <P extends string, S extends object>(path: P, title: string, subtitle: string | ((ctx: HeadingContext) => string), validateSearch: (s: Record<string, unknown>) => S, component: Component) =>
  createRoute({ getParentRoute: () => signedIn, path, staticData: { title, subtitle }, validateSearch, component });

const dateRange = { startDate: dayParam, endDate: dayParam };
const reportRoutes = [
  report('/reports/high-sc', 'High SC Report', ({ search }) => `Balances > $${formatCount(typeof search.threshold === 'number' ? search.threshold : 100)}`, searchValidator({ threshold: positiveId, asOf: dayParam, sort: sortParam(HIGH_SC_SORTS) }), lazyRouteComponent(() => import('./routes/report-high-sc'), 'HighScReportPage')),
  report('/reports/profitability', 'Profitability Report', 'USD profit/loss analysis (Admin Only)', searchValidator({ customerId: positiveId, casinoId: positiveId, ...dateRange, sort: sortParam(PROFITABILITY_SORTS) }), lazyRouteComponent(() => import('./routes/report-profitability'), 'ProfitabilityReportPage')),
  report('/reports/participation', 'Participation Report', 'Compare customer casino participation', searchValidator({ masterUserId: positiveId, sort: sortParam(PARTICIPATION_SORTS) }), lazyRouteComponent(() => import('./routes/report-participation'), 'ParticipationReportPage')),
  report('/reports/reconciliation', 'Reconciliation Report', 'Ledger balances checked against the casinos', searchValidator({ staleDays: positiveId, page: positiveId }), lazyRouteComponent(() => import('./routes/report-reconciliation'), 'ReconciliationReportPage')),
  report('/reports/redemptions', 'Redemptions Report', 'Payout times by casino', searchValidator({}), lazyRouteComponent(() => import('./routes/report-redemptions'), 'RedemptionsReportPage')),
  report('/reports/transaction-types', 'Transaction Types Report', 'Filter and analyze transactions by type', searchValidator({ transactionTypeId: positiveId, ...dateRange, sort: sortParam(HISTORY_SORTS) }), lazyRouteComponent(() => import('./routes/report-transaction-types'), 'TransactionTypesReportPage')),
] as const;

const redemptionStatus = (v: unknown): 'received' | 'rejected' | 'cancelled' | 'all' | undefined => (typeof v === 'string' && ['received', 'rejected', 'cancelled', 'all'].includes(v) ? (v as 'received' | 'rejected' | 'cancelled' | 'all') : undefined);
const redemptionsRoute = report('/redemptions', 'Redemptions', 'Money in transit from the casinos', searchValidator({ status: redemptionStatus, customerId: positiveId, casinoId: positiveId, page: positiveId }), lazyRouteComponent(() => import('./routes/redemptions'), 'RedemptionsPage'));
const checkInStatus = (v: unknown): 'done' | 'missing' | undefined => (v === 'done' || v === 'missing' ? v : undefined);
const checkInSort = (v: unknown): 'casino' | 'streak' | 'last' | undefined => (v === 'casino' || v === 'streak' || v === 'last' ? v : undefined);
const checkInsRoute = report('/check-ins', 'Daily Check-ins', "Today's check-ins, customer by casino", searchValidator({ date: dayParam, status: checkInStatus, customerId: positiveId, casinoId: positiveId, sort: checkInSort, desc: (v: unknown): 'true' | undefined => (v === true || v === 'true' ? 'true' : undefined), page: positiveId }), lazyRouteComponent(() => import('./routes/check-ins'), 'CheckInsPage'));

const auditRoute = createRoute({
  getParentRoute: () => signedIn,
  path: '/admin/audit',
  staticData: { title: 'Audit Trail', subtitle: 'Who changed what, and when' },
  validateSearch: searchValidator({
    entity: (v: unknown) => (typeof v === 'string' && (AUDIT_ENTITIES as readonly string[]).includes(v) ? (v as AuditEntity) : undefined),
    entityId: positiveId,
    userId: positiveId,
    ...dateRange,
    page: positiveId,
  }),
  component: lazyRouteComponent(() => import('./routes/audit'), 'AuditPage'),
});

const addSubtitle = 'Quick entry for casino transactions';
const addTransaction = lazyRouteComponent(() => import('./routes/add-transaction'), 'AddTransactionPage');
/** Add Transaction keeps the Recent panel's sort in the URL. */
const addRoute = <P extends string>(path: P) =>
  createRoute({ getParentRoute: () => signedIn, path, staticData: { title: 'Add Transaction', subtitle: addSubtitle }, validateSearch: searchValidator({ sort: sortParam(HISTORY_SORTS) }), component: addTransaction });
const routeTree = rootRoute.addChildren([
  loginRoute,
  resetRoute,
  signedIn.addChildren([
    addRoute('/'),
    addRoute('/transactions/add'),
    page('/dashboard', 'Dashboard', ({ user }) => `Welcome back, ${user.firstName || user.email}`, lazyRouteComponent(() => import('./routes/dashboard'), 'DashboardPage')),
    page('/admin/users', 'Users', 'Manage staff and admin roles', lazyRouteComponent(() => import('./routes/users'), 'UsersPage')),
    page('/types', 'Transaction Types', 'Manage transaction categories for casinos', lazyRouteComponent(() => import('./routes/types'), 'TypesPage')),
    historyRoute,
    redemptionsRoute,
    checkInsRoute,
    page('/customers', 'Customers', 'Manage gaming account holders', lazyRouteComponent(() => import('./routes/customers'), 'CustomersPage')),
    page('/casinos', 'Casinos', 'Manage gaming platforms', lazyRouteComponent(() => import('./routes/casinos'), 'CasinosPage')),
    page('/import', 'Import', 'Bring transactions and customers in from spreadsheets', lazyRouteComponent(() => import('./routes/import'), 'ImportPage')),
    ...reportRoutes,
    auditRoute,
    page('/admin/deleted-transactions', 'Deleted Transactions', 'Restore what was deleted', lazyRouteComponent(() => import('./routes/deleted-transactions'), 'DeletedTransactionsPage')),
  ]),
]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: 'intent', scrollRestoration: true, defaultErrorComponent: RouteError });
}

export const router = createAppRouter();
