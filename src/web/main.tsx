// First: zod is configured before any imported module builds a schema.
import './zod-jitless';
// The first paint's Mantine rules only; the rest load with the screens (lib/screen-styles.ts, decision 198).
import './styles/first-paint.css';
import './styles/app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../shared/constants';
import { router } from './router';
import { contrastResolver } from './contrast';
import { theme } from './theme';
import { queryClient } from './trpc';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={contrastResolver}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
