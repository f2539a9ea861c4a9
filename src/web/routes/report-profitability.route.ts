import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { PROFITABILITY_ACCESS_DENIED_DELAY_MS } from '../../shared/constants';
import { PROFITABILITY_SORTS } from '../../shared/sorting';
import { adminOnly } from '../route-guards';
import { signedInRoute } from '../root-routes';
import { dateRangeParams, positiveId, searchSchema, sortParam } from '../lib/search-params';

// Spec 2.15: others see Access Restricted and go to / after 2 s.
const admins = adminOnly({
  toast: 'You need admin privileges to view profitability reports',
  title: 'Access Restricted',
  message: 'Only administrators can view profitability reports',
  delayMs: PROFITABILITY_ACCESS_DENIED_DELAY_MS,
});

export const profitabilityRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/profitability',
  staticData: { title: 'Profitability Report', subtitle: 'USD profit/loss analysis (Admin Only)' },
  validateSearch: searchSchema({ customerId: positiveId, casinoId: positiveId, ...dateRangeParams, sort: sortParam(PROFITABILITY_SORTS) }),
  beforeLoad: admins.beforeLoad,
  loader: admins.loader,
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./report-profitability')), 'ProfitabilityReportPage')),
});
