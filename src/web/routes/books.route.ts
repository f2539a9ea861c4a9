import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { admins } from '../route-guards';
import { signedInRoute } from '../root-routes';

export const booksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/books',
  staticData: { title: 'Books', subtitle: 'Close checked periods so nothing in them changes' },
  beforeLoad: admins.beforeLoad,
  loader: admins.startReads(({ queryClient, trpc }) => [queryClient.ensureQueryData(trpc.books.get.queryOptions())]),
  component: admins.gate(lazyRouteComponent(() => withScreenStyles(import('./books')), 'BooksPage')),
});
