import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { AUDIT_ENTITIES } from '../../shared/schemas/audit-entities';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';
import { dateRangeParams, oneOf, positiveId, searchSchema } from '../lib/search-params';

export const auditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/audit',
  staticData: { title: 'Audit Trail', subtitle: 'Who changed what, and when' },
  validateSearch: searchSchema({
    entity: oneOf(AUDIT_ENTITIES),
    entityId: positiveId,
    userId: positiveId,
    ...dateRangeParams,
    page: positiveId,
  }),
  beforeLoad: admins.beforeLoad,
  loader: admins.loader,
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./audit')), 'AuditPage')),
});
