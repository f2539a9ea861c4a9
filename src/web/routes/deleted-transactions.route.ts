import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { HISTORY_PAGE_SIZE } from '../../shared/constants';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';

export const deletedTransactionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/deleted-transactions',
  staticData: { title: 'Deleted Transactions', subtitle: 'Restore what was deleted' },
  beforeLoad: admins.beforeLoad,
  // The first page (the page lives in the screen, not the URL).
  loader: admins.startReads(({ queryClient, trpc }) => [
    queryClient.ensureQueryData(trpc.transactions.deleted.queryOptions({ limit: HISTORY_PAGE_SIZE, offset: 0 })),
  ]),
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./deleted-transactions')), 'DeletedTransactionsPage')),
});
