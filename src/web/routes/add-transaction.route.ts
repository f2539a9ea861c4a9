import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { HISTORY_SORTS } from '../../shared/sorting';
import { signedInRoute } from '../root-routes';
import { positiveId, searchSchema, sortParam } from '../lib/search-params';

/**
 * Add Transaction is the start page too; both keep the Recent panel's sort in the URL, and `customerId`
 * (a customer page's "Add transaction") starts the form on that customer.
 */
const addTransaction = {
  getParentRoute: () => signedInRoute,
  staticData: { title: 'Add Transaction', subtitle: 'Quick entry for casino transactions' },
  validateSearch: searchSchema({ sort: sortParam(HISTORY_SORTS), customerId: positiveId }),
  component: lazyRouteComponent(() => withScreenStyles(import('./add-transaction')), 'AddTransactionPage'),
};

export const startRoute = createRoute({ ...addTransaction, path: '/' });
export const addTransactionRoute = createRoute({ ...addTransaction, path: '/transactions/add' });
