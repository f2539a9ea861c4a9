import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { DASHBOARD_FETCH_LIMIT } from '../../shared/constants';
import { signedInRoute, startReads } from '../root-routes';
import { readsAsAdmin } from '../lib/screen-reads';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  staticData: { title: 'Dashboard', subtitle: ({ user }) => `Welcome back, ${user.firstName || user.email}` },
  // The summary cards' and Recent Activity's reads (the charts read when they come into view).
  loader: startReads((ctx) => {
    const { queryClient, trpc } = ctx;
    return [
      queryClient.ensureQueryData(trpc.transactions.recent.queryOptions({ limit: DASHBOARD_FETCH_LIMIT })),
      queryClient.ensureQueryData(trpc.redemptions.inTransit.queryOptions()),
      queryClient.ensureQueryData(trpc.checkIns.board.queryOptions({ limit: 1 })),
      queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
      queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
      queryClient.ensureQueryData(trpc.customerCasinos.reconciliations.queryOptions({ status: 'broken', limit: 1 })),
      // An admin's ledger check card: read as soon as the check says admin, not once the card is built, or
      // beside the check when this browser's last check said admin (decision 251).
      ...(readsAsAdmin(ctx) ? [queryClient.ensureQueryData(trpc.audit.lastLedgerCheck.queryOptions())] : []),
    ];
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./dashboard')), 'DashboardPage'),
});
