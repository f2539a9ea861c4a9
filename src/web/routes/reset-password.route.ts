import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { z } from 'zod';
import { rootRoute } from '../root-routes';
import { searchSchema } from '../lib/search-params';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: searchSchema({ token: z.string().min(1).optional().catch(undefined) }),
  component: lazyRouteComponent(() => withScreenStyles(import('./reset-password')), 'ResetPasswordPage'),
});
