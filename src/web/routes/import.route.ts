import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute } from '../root-routes';

export const importRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/import',
  staticData: { title: 'Import', subtitle: 'Bring transactions and customers in from spreadsheets' },
  component: lazyRouteComponent(() => withScreenStyles(import('./import')), 'ImportPage'),
});
