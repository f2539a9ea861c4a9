import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute } from '../root-routes';
import { oneOf, positiveId, searchSchema } from '../lib/search-params';

export const reconciliationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/reconciliation',
  staticData: { title: 'Reconciliation Report', subtitle: 'Ledger balances checked against the casinos' },
  validateSearch: searchSchema({ staleDays: positiveId, page: positiveId, show: oneOf(['broken']) }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-reconciliation')), 'ReconciliationReportPage'),
});
