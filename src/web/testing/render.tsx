import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '../router';
import { attachViews } from '../route-views';
import { theme } from '../theme';
import { queryClient } from '../trpc';
import { AUTH_TOKEN_KEY } from '../lib/auth-token';
import type { UserView } from '../lib/api-types';

export const ADMIN: UserView = { id: 1, email: 'ada@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' };
export const STAFF: UserView = { id: 2, email: 'sam@example.com', firstName: 'Sam', lastName: 'Staff', role: 'staff' };

/** Renders the whole app at `path`, signed in (a stored token) or not. */
export function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  queryClient.clear();
  if (signedIn) localStorage.setItem(AUTH_TOKEN_KEY, 'test-token');
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  attachViews(router);
  const view = render(
    <MantineProvider theme={theme}>
      <Notifications limit={1} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}
