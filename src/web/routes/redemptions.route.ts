import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';
import { redemptionsInput, redemptionsSearch, type RedemptionsSearch } from '../features/redemptions/redemptions-search';

export const redemptionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/redemptions',
  staticData: { title: 'Redemptions', subtitle: 'Money in transit from the casinos' },
  validateSearch: redemptionsSearch,
  // The filters' lists and the page leave beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<RedemptionsSearch>(({ queryClient, trpc }, search) => [
    queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
    queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
    queryClient.ensureQueryData(trpc.redemptions.list.queryOptions(redemptionsInput(search))),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./redemptions')), 'RedemptionsPage'),
});
