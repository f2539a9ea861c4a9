import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute } from '../root-routes';

export const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/profile',
  staticData: { title: 'Profile', subtitle: 'Your sign-ins, password, two-step sign-in and API tokens' },
  component: lazyRouteComponent(() => withScreenStyles(import('./profile')), 'ProfilePage'),
});
