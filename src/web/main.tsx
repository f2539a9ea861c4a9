// First: zod is configured before any imported module builds a schema.
import './zod-jitless';
// The first paint's Mantine rules only; the rest load with the screens (lib/screen-styles.ts, decision 198).
import './styles/first-paint.css';
import './styles/app.css';
// The theme's variables, worked out at build time rather than by the provider at start-up (decision 228).
import './styles/theme-variables.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Toasts } from './components/toasts';
import { router, startFirstScreen } from './router';
import { attachViews } from './route-views';
import { theme } from './theme';
import { queryClient } from './trpc';

attachViews(router);
// early.ts has started them when the page ran it first (it does nothing a second time).
startFirstScreen();
const root = createRoot(document.getElementById('root')!);
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
