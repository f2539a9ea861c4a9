import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../root-routes';

export const redemptionsReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/redemptions',
  staticData: { title: 'Redemptions Report', subtitle: 'Payout times by casino' },
  component: lazyRouteComponent(() => import('./report-redemptions'), 'RedemptionsReportPage'),
});
