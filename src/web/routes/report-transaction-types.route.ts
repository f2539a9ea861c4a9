import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { HISTORY_SORTS } from '../../shared/sorting';
import { signedInRoute } from '../root-routes';
import { dateRangeParams, positiveId, searchSchema, sortParam, typeNameParam } from '../lib/search-params';

export const transactionTypesReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/transaction-types',
  staticData: { title: 'Transaction Types Report', subtitle: 'Filter and analyze transactions by type' },
  validateSearch: searchSchema({
    transactionTypeId: positiveId,
    typeName: typeNameParam,
    ...dateRangeParams,
    sort: sortParam(HISTORY_SORTS),
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-transaction-types')), 'TransactionTypesReportPage'),
});
