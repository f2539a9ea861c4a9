import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { HISTORY_SORTS } from '../../shared/sorting';
import { signedInRoute, startReads } from '../root-routes';
import { positiveId, searchSchema, sortParam } from '../lib/search-params';

/**
 * Add Transaction is the start page too; both keep the Recent panel's sort in the URL, and `customerId`
 * (a customer page's "Add transaction") starts the form on that customer.
 */
const addTransaction = {
  getParentRoute: () => signedInRoute,
  staticData: { title: 'Add Transaction', subtitle: 'Quick entry for casino transactions' },
  validateSearch: searchSchema({ sort: sortParam(HISTORY_SORTS), customerId: positiveId }),
  // The form's lists, read beside the sign-in check: each answer that came after the form was built built
  // the whole form again, at once (a long task on a phone for each; decision 233).
  loader: startReads(({ queryClient, trpc }) => [
    queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
    queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
    queryClient.ensureQueryData(trpc.customerCasinos.list.queryOptions(undefined)),
    queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./add-transaction')), 'AddTransactionPage'),
};

export const startRoute = createRoute({ ...addTransaction, path: '/' });
export const addTransactionRoute = createRoute({ ...addTransaction, path: '/transactions/add' });
