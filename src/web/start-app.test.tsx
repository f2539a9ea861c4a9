import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('react-dom/client', () => ({
  createRoot: () => ({ render: () => calls.push('render') }),
}));

afterEach(() => vi.restoreAllMocks());

describe('startApp', () => {
  it("has the router loading the page's location before React's first render (decision 247)", async () => {
    window.history.replaceState(null, '', '/login');
    const { router } = await import('./router');
    const load = vi.spyOn(router, 'load').mockImplementation(async () => void calls.push('load'));
    const { startApp } = await import('./start-app');
    startApp(document.createElement('div'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['load', 'render']);
  });
});
