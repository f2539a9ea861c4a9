import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { HISTORY_SORTS } from '../../shared/sorting';
import { signedInRoute } from '../root-routes';
import { searchSchema, sortParam } from '../lib/search-params';

/** Add Transaction is the start page too; both keep the Recent panel's sort in the URL. */
const addTransaction = {
  getParentRoute: () => signedInRoute,
  staticData: { title: 'Add Transaction', subtitle: 'Quick entry for casino transactions' },
  validateSearch: searchSchema({ sort: sortParam(HISTORY_SORTS) }),
  component: lazyRouteComponent(() => import('./add-transaction'), 'AddTransactionPage'),
};

export const startRoute = createRoute({ ...addTransaction, path: '/' });
export const addTransactionRoute = createRoute({ ...addTransaction, path: '/transactions/add' });
