import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { rootRoute } from '../root-routes';
import { searchSchema, textParam } from '../lib/search-params';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: searchSchema({ token: textParam }),
  component: lazyRouteComponent(() => withScreenStyles(import('./reset-password')), 'ResetPasswordPage'),
});
