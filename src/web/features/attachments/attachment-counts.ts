import { ATTACHMENT_COUNT_KEY } from '../../lib/refresh';
import { useQuery } from '@tanstack/react-query';
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

export function useAttachmentCount(transactionId: number): number {
  const query = useQuery({ queryKey: attachmentCountKey(transactionId), queryFn: () => countOf(transactionId), staleTime: 30_000 });
  return query.data ?? 0;
}
