import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Toasts } from './components/toasts';
import { loadFirstLocation, router, startFirstScreen } from './router';
import { attachViews } from './route-views';
import { theme } from './theme';
import { queryClient } from './trpc';

/**
 * Starts the app in `container`: the router loads the page's location before React's first render, and
 * that render is a transition (decisions 228, 247).
 */
export function startApp(container: HTMLElement): void {
  attachViews(router);
  // early.ts has started them when the page ran it first (it does nothing a second time).
  startFirstScreen();
  // The router is loading the page's location before React renders: its first render then shows what the
  // router is waiting for (the Loading screen, or a page whose code is in) in the transition's short tasks.
  // Left to the router's own start (a layout effect of the first commit), the load changed the router's
  // state inside that commit, and React built the Loading screen again at once, in one long task, because
  // a store's change is never a transition (decision 247).
  loadFirstLocation();
  const root = createRoot(container);
  // The first render is a transition: React builds the providers, the router's first match and the
  // Loading screen in short tasks instead of one long one, so a phone can answer a tap meanwhile (decision 228).
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false}>
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
