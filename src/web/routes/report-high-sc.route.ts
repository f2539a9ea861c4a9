import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { HIGH_SC_SORTS } from '../../shared/sorting';
import { signedInRoute } from '../root-routes';
import { formatCount } from '../lib/format';
import { dayParam, positiveId, searchSchema, sortParam } from '../lib/search-params';

export const highScRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/high-sc',
  staticData: {
    title: 'High SC Report',
    subtitle: ({ search }) => `Balances > $${formatCount(typeof search.threshold === 'number' ? search.threshold : 100)}`,
  },
  validateSearch: searchSchema({ threshold: positiveId, asOf: dayParam, sort: sortParam(HIGH_SC_SORTS) }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-high-sc')), 'HighScReportPage'),
});
