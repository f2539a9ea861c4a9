import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { AUDIT_ENTITIES } from '../../shared/schemas/audit-entities';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';
import { dateRangeParams, oneOf, positiveId, searchSchema, urlListInput } from '../lib/search-params';
import { AUDIT_PAGE_SIZE } from '../../shared/limits';
import { isOrderedRange } from '../../shared/value-rules';

const auditSearch = searchSchema({
  entity: oneOf(AUDIT_ENTITIES),
  entityId: positiveId,
  userId: positiveId,
  ...dateRangeParams,
  page: positiveId,
});

export const auditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/audit',
  staticData: { title: 'Audit Trail', subtitle: 'Who changed what, and when' },
  validateSearch: auditSearch,
  beforeLoad: admins.beforeLoad,
  loaderDeps: ({ search }) => search,
  // The names the entries show and the URL's page of entries (none while the date range runs backwards).
  loader: admins.startReads<ReturnType<typeof auditSearch>>(({ queryClient, trpc }, search) => [
    queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
    queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
    queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
    queryClient.ensureQueryData(trpc.users.list.queryOptions()),
    ...(isOrderedRange(search) ? [queryClient.ensureQueryData(trpc.audit.list.queryOptions(urlListInput(search, AUDIT_PAGE_SIZE)))] : []),
  ]),
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./audit')), 'AuditPage')),
});
