import { ATTACHMENT_COUNT_KEY } from '../../lib/refresh';
import { notifyManager, type QueryClient, useQuery } from '@tanstack/react-query';
import { ATTACHMENT_COUNTS_MAX } from '../../../shared/limits';
import { trpcClient } from '../../trpc';

/** The query key of one transaction's attachment count (invalidated after an upload or a delete). */
const attachmentCountKey = (transactionId: number) => [ATTACHMENT_COUNT_KEY, transactionId] as const;

/**
 * Every row of a grid asks for its own count; the asks of one render are gathered into one read of
 * all of them (a page of History is one request, not one per row).
 */
let waiting: { ids: Set<number>; answer: Promise<Record<number, number>> } | null = null;
function countOf(id: number): Promise<number> {
  if (!waiting || waiting.ids.size >= ATTACHMENT_COUNTS_MAX) {
    const ids = new Set<number>();
    const answer = new Promise<Record<number, number>>((resolve, reject) =>
      setTimeout(() => {
        waiting = null;
        trpcClient.attachments.counts.query({ transactionIds: [...ids] }).then(resolve, reject);
      }, 0),
    );
    waiting = { ids, answer };
  }
  waiting.ids.add(id);
  return waiting.answer.then((counts) => counts[id] ?? 0);
}

/** How long a count read is trusted before a row reads it again. */
const COUNT_STALE_MS = 30_000;

const countOptions = (transactionId: number) => ({
  queryKey: attachmentCountKey(transactionId),
  queryFn: () => countOf(transactionId),
  staleTime: COUNT_STALE_MS,
});

export function useAttachmentCount(transactionId: number): number {
  const query = useQuery(countOptions(transactionId));
  return query.data ?? 0;
}

/**
 * Reads the counts of a page's rows as the page arrives, before its rows are built (a screen's first
 * reads): the rows then find them, instead of every row building again when they come (decision 231).
 * The rows not read in the last 30 s, in one request, their counts written to the cache in one batch
 * (a fetch per row, even gathered into one request, cost a phone tens of ms for a page; decision 238).
 */
export async function readAttachmentCounts(queryClient: QueryClient, transactionIds: readonly number[]): Promise<void> {
  const cache = queryClient.getQueryCache();
  const ids = transactionIds.filter(
    (id) => cache.find({ queryKey: attachmentCountKey(id), exact: true })?.isStaleByTime(COUNT_STALE_MS) ?? true,
  );
  // countOf gathers these asks into one request (as many as the server takes at once).
  const counts = await Promise.all(ids.map(countOf));
  notifyManager.batch(() => {
    ids.forEach((id, i) => queryClient.setQueryData(attachmentCountKey(id), counts[i]));
  });
}
