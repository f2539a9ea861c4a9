import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withScreenStyles } from '../lib/screen-styles';
import { isOrderedRange } from '../../shared/value-rules';
import { signedInRoute, startReads } from '../root-routes';
import { readAttachmentCounts } from '../features/attachments/attachment-counts';
import { type HistorySearch, historyListInput, historySearch } from '../features/transactions/history-search';

export const historyRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/transactions/history',
  staticData: { title: 'Transaction History', subtitle: 'View and filter all transactions' },
  validateSearch: historySearch,
  loaderDeps: ({ search }) => search,
  loader: startReads<HistorySearch>(({ queryClient, trpc }, search) => [
    queryClient.ensureQueryData(trpc.customers.list.queryOptions()),
    queryClient.ensureQueryData(trpc.casinos.list.queryOptions()),
    queryClient.ensureQueryData(trpc.transactionTypes.list.queryOptions(undefined)),
    // What each row shows beside the page: the books' close, and (once the page is in) its attachment
    // counts, read before the rows are built rather than building every row again when they come (decision 231).
    queryClient.ensureQueryData(trpc.books.get.queryOptions()),
    // A range that ends before it starts is not read: the screen says so instead.
    ...(isOrderedRange(search)
      ? [
          queryClient.ensureQueryData(trpc.transactions.list.queryOptions(historyListInput(search))).then((page) =>
            readAttachmentCounts(
              queryClient,
              page.transactions.map((t) => t.id),
            ),
          ),
        ]
      : []),
  ]),
  component: lazyRouteComponent(() => withScreenStyles(import('./history')), 'HistoryPage'),
});
