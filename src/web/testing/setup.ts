import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadSelect } from '../components/select';
import { queryClient } from '../trpc';
import { mediaQueryList } from './media';
import { server, unmocked } from './msw';

// Mantine needs these browser APIs that happy-dom leaves out (tests in the node environment have no window).
if (typeof window !== 'undefined') installBrowserStubs();

function installBrowserStubs() {
  Object.defineProperty(window, 'matchMedia', { writable: true, value: (query: string) => mediaQueryList(query) });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView = vi.fn();
}

// Lazy screens load their chunk on first use; on a busy 2-core machine that can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

// An unhandled network request fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Fields are Mantine's Select from the start, as once its code is in (components/select.tsx, decision 225);
// select.test.tsx takes a fresh module to try the stand-in.
beforeAll(() => loadSelect());

/**
 * Loud tests: a console.error (a React warning, an uncaught render error) fails the test unless the
 * test expects it and says so with `expectConsoleError()`.
 */
let consoleErrors: unknown[][] = [];
let consoleErrorExpected = false;
export const expectConsoleError = () => {
  consoleErrorExpected = true;
};
beforeEach(() => {
  consoleErrors = [];
  consoleErrorExpected = false;
  unmocked.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  if (typeof window === 'undefined') return;
  cleanup();
  // A dialog closed mid-transition can leave its portal, or aria-hidden and scroll locks, behind.
  document.body.innerHTML = '';
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  await queryClient.cancelQueries();
  queryClient.clear();
  // A tRPC batch queued in the test's last moments goes out on the next tick: let it reach this
  // test's handlers rather than the real network once they are gone.
  await new Promise((resolve) => setTimeout(resolve, 0));
  server.resetHandlers();
  localStorage.clear();
  vi.restoreAllMocks();
  const problems = [
    ...unmocked.splice(0).map((path) => `the screen called ${path}, which the test did not mock`),
    ...(consoleErrorExpected ? [] : consoleErrors.map((args) => `console.error: ${args.map(String).join(' ').slice(0, 500)}`)),
  ];
  if (problems.length) throw new Error(`Loud test failure:\n- ${problems.join('\n- ')}`);
});
afterAll(() => server.close());
