import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../root-routes';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  staticData: { title: 'Dashboard', subtitle: ({ user }) => `Welcome back, ${user.firstName || user.email}` },
  component: lazyRouteComponent(() => import('./dashboard'), 'DashboardPage'),
});
