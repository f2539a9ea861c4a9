import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';

export const typesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/types',
  staticData: { title: 'Transaction Types', subtitle: 'Manage transaction categories for casinos' },
  loader: startReads(({ queryClient, trpc }) => [
    queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
    queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./types')), 'TypesPage'),
});
