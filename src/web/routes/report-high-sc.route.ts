import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';
import { formatCount } from '../lib/format';
import { highScInputs, highScSearch, type HighScSearch } from '../features/reports/high-sc-search';

export const highScRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/high-sc',
  staticData: {
    title: 'High SC Report',
    subtitle: ({ search }) => `Balances > $${formatCount(typeof search.threshold === 'number' ? search.threshold : 100)}`,
  },
  validateSearch: highScSearch,
  // The report's first page and summary leave beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<HighScSearch>(({ queryClient, trpc }, search) => {
    const inputs = highScInputs(search);
    return [
      queryClient.ensureQueryData(trpc.reports.highSc.queryOptions(inputs.list)),
      queryClient.ensureQueryData(trpc.reports.highScSummary.queryOptions(inputs.summary)),
    ];
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-high-sc')), 'HighScReportPage'),
});
