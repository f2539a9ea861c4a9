import { describe, expect, it } from 'vitest';
import { readsOf } from '../lib/screen-reads';
import { ATTACHMENT_COUNT_KEY } from '../lib/refresh';
import { transaction } from '../testing/fixtures';
import { calls, mockTrpc } from '../testing/msw';
import { queryClient, trpc } from '../trpc';
import { historyRoute } from './history.route';
import { readAttachmentCounts } from '../features/attachments/attachment-counts';

describe("History's first reads", () => {
  it("read the books' close and the page's attachment counts before its rows are built, the counts in one request", async () => {
    queryClient.clear();
    const closed = { closedThrough: '2026-01-31', closedBefore: '2026-02-01', history: [] };
    mockTrpc({
      'customers.list': () => [],
      'casinos.list': () => [],
      'transactionTypes.list': () => [],
      'transactions.list': () => ({ transactions: [transaction(7), transaction(9)], totalCount: 2 }),
      'books.get': () => closed,
      'attachments.counts': () => ({ 9: 3 }),
    });
    const reads = readsOf(historyRoute.options.loader);
    expect(reads).toBeDefined();
    await Promise.all(reads!({ queryClient, trpc }, {}));
    expect(queryClient.getQueryData(trpc.books.get.queryKey())).toEqual(closed);
    expect(queryClient.getQueryData([ATTACHMENT_COUNT_KEY, 7])).toBe(0);
    expect(queryClient.getQueryData([ATTACHMENT_COUNT_KEY, 9])).toBe(3);
    expect(calls.filter((c) => c.path === 'attachments.counts').map((c) => c.input)).toEqual([{ transactionIds: [7, 9] }]);
  });

  it('asks again only for the rows whose counts it has not read in the last 30 s', async () => {
    queryClient.clear();
    mockTrpc({
      'attachments.counts': ({ transactionIds }) => Object.fromEntries(transactionIds.map((id) => [id, Number(id) % 2])),
    });
    await readAttachmentCounts(queryClient, [1, 2, 3]);
    await readAttachmentCounts(queryClient, [2, 3, 4, 5]);
    expect(calls.filter((c) => c.path === 'attachments.counts').map((c) => c.input)).toEqual([
      { transactionIds: [1, 2, 3] },
      { transactionIds: [4, 5] },
    ]);
    expect([1, 2, 3, 4, 5].map((id) => queryClient.getQueryData([ATTACHMENT_COUNT_KEY, id]))).toEqual([1, 0, 1, 0, 1]);
  });
});
