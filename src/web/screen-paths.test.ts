import { describe, expect, it } from 'vitest';
import { isScreenPath, isSignInPath } from '../shared/screens';
import { router } from './router';

// The server sends a signed-in screen's path the page that fetches the screens' code early (decision 218):
// every route of the app must be one side or the other of that rule, as the router declares it.
describe('which paths get the page that fetches the screens’ code', () => {
  const paths = Object.values(router.routesByPath).map((route) => route.fullPath.replace(/\$\w+/g, '7'));

  it('every signed-in route, and none of the signed-out ones', () => {
    const signedOut = ['/login', '/reset-password'];
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(isScreenPath(path), path).toBe(!signedOut.includes(path));
  });

  it('the signed-out routes get the page that fetches the sign-in code (decision 244), and no other route', () => {
    expect(paths.filter(isSignInPath).sort()).toEqual(['/login', '/reset-password']);
  });
});
