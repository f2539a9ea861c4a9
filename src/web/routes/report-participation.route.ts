import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';
import { participationInputs, participationSearch, type ParticipationSearch } from '../features/reports/participation-search';

export const participationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/participation',
  staticData: { title: 'Participation Report', subtitle: 'Compare customer casino participation' },
  validateSearch: participationSearch,
  // The customers, and the chosen customer's report, leave beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<ParticipationSearch>(({ queryClient, trpc }, search) => {
    const inputs = participationInputs(search);
    return [
      queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
      ...(search.masterUserId === undefined
        ? []
        : [
            queryClient.ensureQueryData(trpc.reports.participation.queryOptions(inputs.list)),
            queryClient.ensureQueryData(trpc.reports.participationSummary.queryOptions(inputs.summary)),
          ]),
    ];
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-participation')), 'ParticipationReportPage'),
});
