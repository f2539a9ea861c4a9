import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { USERS_ACCESS_DENIED_DELAY_MS } from '../../shared/constants';
import { adminOnly } from '../route-guards';
import { signedInRoute } from '../root-routes';

/** Spec 2.13; the notice says what it means beside the spec's toast, as Profitability explains itself (decision 114). */
const admins = adminOnly({
  toast: 'Admins only',
  title: 'Access Denied',
  message: 'Only administrators can manage users and their roles. Taking you to the start page...',
  delayMs: USERS_ACCESS_DENIED_DELAY_MS,
});

export const usersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/users',
  staticData: { title: 'Users', subtitle: 'Manage staff and admin roles' },
  beforeLoad: admins.beforeLoad,
  loader: admins.startReads(({ queryClient, trpc }) => [queryClient.ensureQueryData(trpc.users.list.queryOptions())]),
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./users')), 'UsersPage')),
});
