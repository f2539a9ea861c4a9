import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute } from '../root-routes';
import { pathId } from '../lib/search-params';

/** One casino whole: its customers and balances, types, payout times and today's check-ins. */
export const casinoRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/casinos/$casinoId',
  staticData: { title: 'Casino', subtitle: 'Customers, balances and payouts of one casino' },
  loader: ({ context, params }) => {
    const id = pathId(params.casinoId);
    if (context.user && id)
      void context.queryClient.ensureQueryData(context.trpc.summaries.casino.queryOptions({ id })).catch(() => undefined);
  },
  component: lazyRouteComponent(() => withScreenStyles(import('./casino')), 'CasinoPage'),
});
