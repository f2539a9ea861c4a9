import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { signedInRoute, startReads } from '../root-routes';
import { formatDay } from '../lib/format';
import { boardInput, checkInsSearch, type CheckInsSearch } from '../features/check-ins/board-search';

export const checkInsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/check-ins',
  staticData: {
    title: 'Daily Check-ins',
    // A chosen day is named: the board of another day is not "Today's".
    subtitle: ({ search }) =>
      typeof search.date === 'string'
        ? `Check-ins of ${formatDay(search.date)}, customer by casino`
        : "Today's check-ins, customer by casino",
  },
  validateSearch: checkInsSearch,
  // The board and its filters' lists leave beside the sign-in check (decisions 229, 233).
  loaderDeps: ({ search }) => search,
  loader: startReads<CheckInsSearch>(({ queryClient, trpc }, search) => [
    queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
    queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
    queryClient.ensureQueryData(trpc.checkIns.board.queryOptions(boardInput(search))),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./check-ins')), 'CheckInsPage'),
});
