import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { HISTORY_SORTS } from '../../shared/sorting';
import { signedInRoute, startReads } from '../root-routes';
import { isOrderedRange } from '../../shared/value-rules';
import { dateRangeParams, positiveId, searchSchema, sortParam, typeNameParam } from '../lib/search-params';

const typesReportSearch = searchSchema({
  transactionTypeId: positiveId,
  typeName: typeNameParam,
  ...dateRangeParams,
  sort: sortParam(HISTORY_SORTS),
});
type TypesReportSearch = ReturnType<typeof typesReportSearch>;

export const transactionTypesReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/transaction-types',
  staticData: { title: 'Transaction Types Report', subtitle: 'Filter and analyze transactions by type' },
  validateSearch: typesReportSearch,
  // The filters' lists and the report leave beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<TypesReportSearch>(({ queryClient, trpc }, search) => {
    const { sort: _sort, ...filters } = search;
    return [
      queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
      queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
      ...(isOrderedRange(search)
        ? [
            queryClient.ensureQueryData(trpc.reports.transactionTypes.queryOptions(search)),
            queryClient.ensureQueryData(trpc.reports.transactionTypesSummary.queryOptions(filters)),
          ]
        : []),
    ];
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-transaction-types')), 'TransactionTypesReportPage'),
});
