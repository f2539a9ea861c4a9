import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { PROFITABILITY_ACCESS_DENIED_DELAY_MS } from '../../shared/constants';
import { adminOnly } from '../route-guards';
import { signedInRoute } from '../root-routes';
import { profitabilityInputs, profitabilitySearch } from '../features/reports/profitability-search';
import { isOrderedRange } from '../../shared/value-rules';

// Spec 2.15: others see Access Restricted and go to / after 2 s.
const admins = adminOnly({
  toast: 'You need admin privileges to view profitability reports',
  title: 'Access Restricted',
  message: 'Only administrators can view profitability reports',
  delayMs: PROFITABILITY_ACCESS_DENIED_DELAY_MS,
});

export const profitabilityRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/profitability',
  staticData: { title: 'Profitability Report', subtitle: 'USD profit/loss analysis (Admin Only)' },
  validateSearch: profitabilitySearch,
  beforeLoad: admins.beforeLoad,
  loaderDeps: ({ search }) => search,
  // The filters' lists, first page and summary (decision 234).
  loader: admins.startReads<ReturnType<typeof profitabilitySearch>>(({ queryClient, trpc }, deps) => {
    const inputs = profitabilityInputs(deps);
    return [
      queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
      queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
      ...(isOrderedRange(deps)
        ? [
            queryClient.ensureQueryData(trpc.reports.profitability.queryOptions(inputs.list)),
            queryClient.ensureQueryData(trpc.reports.profitabilitySummary.queryOptions(inputs.summary)),
          ]
        : []),
    ];
  }),
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./report-profitability')), 'ProfitabilityReportPage')),
});
