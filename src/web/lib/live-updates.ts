import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getToken } from './auth-token';
import { runChangeStream, type StreamStatus } from './change-stream';
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

/**
 * Holds the one change stream while someone is signed in (decision 141): each event refreshes what the
 * refresh table says its kind touches, the same reads as one's own write of that kind; a `reset`
 * refreshes everything on screen. No polling and no refetch on focus: the server says what changed.
 */
export function useLiveUpdates(userId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const controller = new AbortController();
    void runChangeStream(
      {
        token,
        onChange: (kind) => void refresh(queryClient, kind),
        onReset: () => void refresh(queryClient, 'everything'),
        onStatus: setStatus,
        onRefused: () => setStatus('offline'),
      },
      controller.signal,
    );
    return () => {
      controller.abort();
      setStatus('connecting');
    };
  }, [userId, queryClient]);
}
