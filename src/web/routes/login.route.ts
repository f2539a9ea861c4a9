import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root-routes';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(() => import('./login'), 'LoginRoute'),
});
