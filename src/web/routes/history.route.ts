import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from '../root-routes';
import { historySearch } from '../features/transactions/history-search';

export const historyRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/transactions/history',
  staticData: { title: 'Transaction History', subtitle: 'View and filter all transactions' },
  validateSearch: historySearch,
  component: lazyRouteComponent(() => import('./history'), 'HistoryPage'),
});
