import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { REDEMPTION_STATUSES } from '../../shared/constants';
import { signedInRoute } from '../root-routes';
import { oneOf, positiveId, searchSchema } from '../lib/search-params';

export const redemptionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/redemptions',
  staticData: { title: 'Redemptions', subtitle: 'Money in transit from the casinos' },
  validateSearch: searchSchema({
    status: oneOf([...REDEMPTION_STATUSES, 'all']),
    customerId: positiveId,
    casinoId: positiveId,
    page: positiveId,
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./redemptions')), 'RedemptionsPage'),
});
