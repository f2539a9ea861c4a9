import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from './testing/render';
import { mockTrpc } from './testing/msw';

const calls: string[] = [];
vi.mock('react-dom/client', () => ({
  createRoot: () => ({ render: () => calls.push('render') }),
}));

/** The start-up modules afresh (each keeps whether it has started), with the router's load recorded. */
async function startUp(path: string) {
  vi.resetModules();
  window.history.replaceState(null, '', path);
  const { router, startFirstScreen } = await import('./router');
  const load = vi.spyOn(router, 'load').mockImplementation(async () => void calls.push('load'));
  const { startApp } = await import('./start-app');
  return { load, startFirstScreen, startApp };
}

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('start-up', () => {
  it("has the router loading the page's location before React's first render (decision 247)", async () => {
    const { load, startApp } = await startUp('/login');
    startApp(document.createElement('div'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['load', 'render']);
  });

  it("with a token, the page's first script starts the check but not the router's load, which the start-up file starts once (decision 248)", async () => {
    localStorage.setItem('auth_token', 'a-token');
    mockTrpc({ 'auth.user': () => ADMIN });
    const { load, startFirstScreen, startApp } = await startUp('/admin/books');
    startFirstScreen();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    startApp(document.createElement('div'));
    startApp(document.createElement('div'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['load', 'render', 'render']);
  });
});
