import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { PARTICIPATION_SORTS } from '../../shared/sorting';
import { signedInRoute } from '../root-routes';
import { positiveId, searchSchema, sortParam } from '../lib/search-params';

export const participationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/participation',
  staticData: { title: 'Participation Report', subtitle: 'Compare customer casino participation' },
  validateSearch: searchSchema({ masterUserId: positiveId, sort: sortParam(PARTICIPATION_SORTS) }),
  component: lazyRouteComponent(() => withScreenStyles(import('./report-participation')), 'ParticipationReportPage'),
});
