// First: zod is configured before any imported module builds a schema.
import './zod-jitless';
// The first paint's Mantine rules only; the rest load with the screens (lib/screen-styles.ts, decision 198).
import './styles/first-paint.css';
import './styles/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toasts } from './components/toasts';
import { router } from './router';
import { contrastResolver } from './contrast';
import { theme } from './theme';
import { queryClient } from './trpc';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={contrastResolver}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
