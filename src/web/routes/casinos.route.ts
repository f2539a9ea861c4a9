import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';

export const casinosRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/casinos',
  staticData: { title: 'Casinos', subtitle: 'Manage gaming platforms' },
  loader: startReads(({ queryClient, trpc }) => [queryClient.ensureQueryData(trpc.casinos.list.queryOptions())]),
  component: lazyRouteComponent(() => withScreenStyles(import('./casinos')), 'CasinosPage'),
});
