import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';

export const deletedTransactionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/deleted-transactions',
  staticData: { title: 'Deleted Transactions', subtitle: 'Restore what was deleted' },
  beforeLoad: admins.beforeLoad,
  loader: admins.loader,
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./deleted-transactions')), 'DeletedTransactionsPage')),
});
