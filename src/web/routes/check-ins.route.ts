import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { CHECK_IN_SORTS } from '../../shared/sorting';
import { signedInRoute } from '../root-routes';
import { formatDay } from '../lib/format';
import { dayParam, oneOf, positiveId, searchSchema, type SearchParam } from '../lib/search-params';

/** The check-ins board's descending flag stays the text 'true' in the URL. */
const descParam: SearchParam<'true'> = (value) => (value === true || value === 'true' ? 'true' : undefined);

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
  validateSearch: searchSchema({
    date: dayParam,
    status: oneOf(['done', 'missing']),
    customerId: positiveId,
    casinoId: positiveId,
    sort: oneOf(CHECK_IN_SORTS),
    desc: descParam,
    page: positiveId,
  }),
  component: lazyRouteComponent(() => withScreenStyles(import('./check-ins')), 'CheckInsPage'),
});
