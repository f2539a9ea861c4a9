import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';

export const customersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/customers',
  staticData: { title: 'Customers', subtitle: 'Manage gaming account holders' },
  loader: startReads(({ queryClient, trpc }) => [
    queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
    queryClient.ensureQueryData(trpc.customerCasinos.list.queryOptions(undefined)),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./customers')), 'CustomersPage'),
});
