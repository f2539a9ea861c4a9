import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';
import { isOrderedRange } from '../../shared/value-rules';
import { typesReportInputs, typesReportSearch, type TypesReportSearch } from '../features/reports/types-report-search';

export const transactionTypesReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/transaction-types',
  staticData: { title: 'Transaction Types Report', subtitle: 'Filter and analyze transactions by type' },
  validateSearch: typesReportSearch,
  // The filters' lists, the report's page and its summary leave beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<TypesReportSearch>(({ queryClient, trpc }, search) => {
    const inputs = typesReportInputs(search);
    return [
      queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
      queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
      ...(isOrderedRange(search)
        ? [
            queryClient.ensureQueryData(trpc.reports.transactionTypes.queryOptions(inputs.rows)),
            queryClient.ensureQueryData(trpc.reports.transactionTypesSummary.queryOptions(inputs.summary)),
          ]
        : []),
    ];
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-transaction-types')), 'TransactionTypesReportPage'),
});
