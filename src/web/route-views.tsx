import type { AnyRouter } from '@tanstack/react-router';
import { RouteError } from './components/load-error';
import { LoadingScreen, NotFoundScreen } from './components/status-screens';
import { rootRoute, signedInRoute } from './root-routes';
import { AuthFailed, SignedInArea } from './signed-in-area';

/**
 * What the routes show that is not a screen of its own: the 404, the Loading screen while the sign-in
 * check is out (spec 2.2), the failure when the server cannot say who is signed in, the signed-in area,
 * and a screen's failure. The routes are declared without them (root-routes.tsx), so the page's first
 * script (early.ts) carries no component; the start-up file adds them before React renders (decision 246).
 */
export function attachViews(router: AnyRouter): void {
  rootRoute.update({ notFoundComponent: NotFoundScreen });
  signedInRoute.update({ pendingComponent: LoadingScreen, errorComponent: AuthFailed, component: SignedInArea });
  router.update({ ...router.options, defaultErrorComponent: RouteError });
}
