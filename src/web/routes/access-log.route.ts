import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { ACCESS_KIND_NAMES } from '../../shared/schemas/access-kinds';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';
import { dateRangeParams, oneOf, positiveId, searchSchema, urlListInput } from '../lib/search-params';
import { ACCESS_LOG_PAGE_SIZE } from '../../shared/limits';
import { isOrderedRange } from '../../shared/value-rules';

const accessLogSearch = searchSchema({ kind: oneOf(ACCESS_KIND_NAMES), userId: positiveId, ...dateRangeParams, page: positiveId });

export const accessLogRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/access-log',
  staticData: { title: 'Access log', subtitle: 'Sign-ins, sign-outs and account changes' },
  validateSearch: accessLogSearch,
  beforeLoad: admins.beforeLoad,
  loaderDeps: ({ search }) => search,
  // The user filter's list and the URL's page of events (none while the date range runs backwards).
  loader: admins.startReads<ReturnType<typeof accessLogSearch>>(({ queryClient, trpc }, search) => [
    queryClient.ensureQueryData(trpc.users.list.queryOptions()),
    ...(isOrderedRange(search)
      ? [queryClient.ensureQueryData(trpc.accessLog.list.queryOptions(urlListInput(search, ACCESS_LOG_PAGE_SIZE)))]
      : []),
  ]),
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./access-log')), 'AccessLogPage')),
});
