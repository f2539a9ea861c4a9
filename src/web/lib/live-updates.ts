import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getToken } from './auth-token';
import type { StreamStatus } from './change-stream';
import { streamCloses, streamOpens } from './change-cursor';
import { refresh } from './refresh';

let status: StreamStatus = 'connecting';
const listeners = new Set<() => void>();
const setStatus = (next: StreamStatus) => {
  status = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether colleagues' changes reach this screen now (the header's indicator). */
export const useStreamStatus = () => useSyncExternalStore(subscribe, () => status);

/** The longest the stream waits for the first screen's reads before it opens anyway. */
const FIRST_READS_WAIT_MS = 5000;

/**
 * The soonest the stream opens, in ms since the page began: it then holds one of a phone's six connections
 * for good, and a screen's first moments (its code, its first reads, a chart's or a dialog's code fetched at
 * once) have all six. Nothing is missed meanwhile: it opens from the first reads' change id, and a change
 * made as the page opened still shows within decision 141's 2 s (decision 246).
 */
export const STREAM_NOT_BEFORE_MS = 1500;

/** Runs `fn` when the main thread has nothing else to do (soon, where the browser cannot say). */
const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 50);

/**
 * Resolves once no read is in flight, the frame after has been drawn and the page is STREAM_NOT_BEFORE_MS
 * old (at most FIRST_READS_WAIT_MS), or at once when `signal` aborts: the stream then does not share a
 * phone's line and its six connections with a screen's first reads, nor its main thread with their
 * building (decisions 243, 246).
 */
function afterReads(queryClient: QueryClient, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let settling = false;
    let floor: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(cap);
      clearTimeout(floor);
      unsubscribe();
      resolve();
    };
    const check = () => {
      if (settling || queryClient.isFetching() > 0) return;
      settling = true;
      // The frame that shows the screen is drawn first (the second frame's callback comes after it), then
      // the stream waits for the main thread to be free.
      requestAnimationFrame(() => requestAnimationFrame(() => whenIdle(notBefore)));
    };
    const notBefore = () => {
      const wait = STREAM_NOT_BEFORE_MS - performance.now();
      if (wait > 0) floor = setTimeout(done, wait);
      else done();
    };
    const cap = setTimeout(done, FIRST_READS_WAIT_MS);
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    signal.addEventListener('abort', done, { once: true });
    check();
  });
}

/**
 * Holds the one change stream while someone is signed in (decision 141): each event refreshes what the
 * refresh table says its kind touches, the same reads as one's own write of that kind; a `reset`
 * refreshes everything on screen. No polling and no refetch on focus: the server says what changed.
 * It opens once the first screen's reads have answered, from the earliest change id they carried, so a
 * change made meanwhile is replayed (decision 243).
 */
export function useLiveUpdates(userId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const controller = new AbortController();
    // The stream's code (its reader and the event-stream parser) is fetched as it opens, after the first
    // reads, not with the start-up file every page waits for (decision 256).
    void afterReads(queryClient, controller.signal)
      // Not once the effect is gone (signed out, another user): nothing to open.
      .then(() => (controller.signal.aborted ? null : import('./change-stream')))
      .then((stream) => {
        if (!stream || controller.signal.aborted) return;
        void stream.runChangeStream(
          {
            token,
            since: streamOpens(),
            onChange: (kind) => void refresh(queryClient, kind),
            onReset: () => void refresh(queryClient, 'everything'),
            onStatus: setStatus,
            onRefused: () => setStatus('offline'),
          },
          controller.signal,
        );
      })
      // Its code could not be fetched (the server restarted on a new build): the header says offline until
      // the page is loaded again.
      .catch(() => !controller.signal.aborted && setStatus('offline'));
    return () => {
      controller.abort();
      streamCloses();
      setStatus('connecting');
    };
  }, [userId, queryClient]);
}
