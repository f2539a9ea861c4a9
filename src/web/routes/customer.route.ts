import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute } from '../root-routes';
import { pathId } from '../lib/search-params';

/** One customer whole: their casinos, money over time, entries, redemptions and statements. */
export const customerRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/customers/$customerId',
  staticData: { title: 'Customer', subtitle: 'Balances, activity and statements of one customer' },
  // The summary starts loading with the route (and on hover); a failed read is the page's to show.
  loader: ({ context, params }) => {
    const id = pathId(params.customerId);
    if (context.user && id)
      void context.queryClient.ensureQueryData(context.trpc.summaries.customer.queryOptions({ id })).catch(() => undefined);
  },
  component: lazyRouteComponent(() => withScreenStyles(import('./customer')), 'CustomerPage'),
});
