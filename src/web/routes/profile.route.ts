import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';

export const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/profile',
  staticData: { title: 'Profile', subtitle: 'Your sign-ins, password, two-step sign-in and API tokens' },
  // The panels' reads, beside the sign-in check: they went out once the panels were built.
  loader: startReads(({ queryClient, trpc }) => [
    queryClient.ensureQueryData(trpc.auth.account.sessions.queryOptions()),
    queryClient.ensureQueryData(trpc.auth.twoFactor.status.queryOptions()),
    queryClient.ensureQueryData(trpc.auth.account.apiTokens.queryOptions()),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./profile')), 'ProfilePage'),
});
