import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { queryClient } from '../trpc';
import { server } from './msw';

// Mantine needs these browser APIs that happy-dom leaves out (tests in the node environment have no window).
if (typeof window !== 'undefined') installBrowserStubs();

function installBrowserStubs() {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView = vi.fn();
}

// An unhandled network request fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  if (typeof window === 'undefined') return;
  cleanup();
  await queryClient.cancelQueries();
  queryClient.clear();
  // A tRPC batch queued in the test's last moments goes out on the next tick: let it reach this
  // test's handlers rather than the real network once they are gone.
  await new Promise((resolve) => setTimeout(resolve, 0));
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
