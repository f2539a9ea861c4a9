import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';
import { reconciliationInput, reconciliationSearch, type ReconciliationSearch } from '../features/reports/reconciliation-search';

export const reconciliationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/reconciliation',
  staticData: { title: 'Reconciliation Report', subtitle: 'Ledger balances checked against the casinos' },
  validateSearch: reconciliationSearch,
  // The report leaves beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<ReconciliationSearch>(({ queryClient, trpc }, search) => [
    queryClient.ensureQueryData(trpc.customerCasinos.reconciliationReport.queryOptions(reconciliationInput(search))),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-reconciliation')), 'ReconciliationReportPage'),
});
