import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { ACCESS_KIND_NAMES } from '../../shared/schemas/access-kinds';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';
import { dateRangeParams, oneOf, positiveId, searchSchema } from '../lib/search-params';

export const accessLogRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/access-log',
  staticData: { title: 'Access log', subtitle: 'Sign-ins, sign-outs and account changes' },
  validateSearch: searchSchema({ kind: oneOf(ACCESS_KIND_NAMES), userId: positiveId, ...dateRangeParams, page: positiveId }),
  beforeLoad: admins.beforeLoad,
  loader: admins.loader,
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./access-log')), 'AccessLogPage')),
});
