import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';

export const redemptionsReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/redemptions',
  staticData: { title: 'Redemptions Report', subtitle: 'Payout times by casino' },
  loader: startReads(({ queryClient, trpc }) => [queryClient.ensureQueryData(trpc.redemptions.report.queryOptions(undefined))]),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-redemptions')), 'RedemptionsReportPage'),
});
