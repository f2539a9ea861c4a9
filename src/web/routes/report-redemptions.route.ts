import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute } from '../root-routes';

export const redemptionsReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/redemptions',
  staticData: { title: 'Redemptions Report', subtitle: 'Payout times by casino' },
  component: lazyRouteComponent(() => withScreenStyles(import('./report-redemptions')), 'RedemptionsReportPage'),
});
