import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../testing/msw';
import { queryClient, trpc } from '../trpc';
import { AUTH_TOKEN_KEY } from './auth-token';
import { runChangeStream, type StreamStatus } from './change-stream';
import { STREAM_NOT_BEFORE_MS, useLiveUpdates, useStreamStatus } from './live-updates';

const encoder = new TextEncoder();
const frame = (id: number, kind: string) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify({ kind, at: '2026-11-26T04:00:00.000Z', userId: 1, transactionId: id })}\n\n`;

/** A text/event-stream answer of `text`, then closed (a dropped stream) or held open. */
const streamOf = (text: string, { hold = false } = {}) =>
  new HttpResponse(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(text));
        if (!hold) controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

interface Seen {
  url: string;
  authorization: string | null;
  lastEventId: string | null;
}

/** Answers each connection with the next of `answers` (the last one again after that), recording each request. */
function serveStream(answers: (() => Response)[]) {
  const seen: Seen[] = [];
  server.use(
    http.get('*/api/events', ({ request }) => {
      seen.push({
        url: request.url,
        authorization: request.headers.get('authorization'),
        lastEventId: request.headers.get('last-event-id'),
      });
      return answers[Math.min(seen.length - 1, answers.length - 1)]();
    }),
  );
  return seen;
}

describe('the change stream client', () => {
  it('sends the token as a bearer header, hands on each known kind and a reset, and reconnects with the last id seen', async () => {
    const seen = serveStream([
      () => streamOf(`: keep-alive\n\n${frame(41, 'transaction.created')}${frame(42, 'unknown.kind')}${frame(43, 'customer.changed')}`),
      () => streamOf(`id: 50\nevent: reset\ndata: {}\n\n`),
      () => streamOf(frame(51, 'checkIn.recorded'), { hold: true }),
    ]);
    const kinds: string[] = [];
    const statuses: StreamStatus[] = [];
    let resets = 0;
    const controller = new AbortController();
    const done = runChangeStream(
      {
        token: 'secret-token',
        onChange: (kind) => kinds.push(kind),
        onReset: () => resets++,
        onStatus: (status) => statuses.push(status),
        onRefused: () => statuses.push('offline'),
        backoffMs: () => 5,
      },
      controller.signal,
    );
    await waitFor(() => expect(kinds).toEqual(['transaction.created', 'customer.changed', 'checkIn.recorded']));
    controller.abort();
    await done;
    expect(resets).toBe(1);
    expect(seen.map((s) => s.lastEventId)).toEqual([null, '43', '50']);
    expect(seen.every((s) => s.authorization === 'Bearer secret-token' && !s.url.includes('secret-token'))).toBe(true);
    expect(statuses).toEqual(['connecting', 'live', 'offline', 'live', 'offline', 'live']);
  });

  it('waits longer after each failed attempt, starts again from the shortest wait once connected, and rereads all when it cannot resume', async () => {
    const seen = serveStream([
      () => new HttpResponse(null, { status: 503 }),
      () => new HttpResponse(null, { status: 503 }),
      () => streamOf(''),
      () => streamOf('', { hold: true }),
    ]);
    const waits: number[] = [];
    let resets = 0;
    const controller = new AbortController();
    const done = runChangeStream(
      {
        token: 't',
        onChange: () => {},
        onReset: () => resets++,
        onStatus: () => {},
        onRefused: () => {},
        backoffMs: (attempt) => (waits.push(attempt), 5),
      },
      controller.signal,
    );
    await waitFor(() => expect(seen).toHaveLength(4));
    controller.abort();
    await done;
    expect(waits).toEqual([0, 1, 0]);
    // Back after each drop with no event id to resume from: everything on screen is read again.
    expect(resets).toBe(2);
  });

  it('opens from the id it is given, as a reconnect would', async () => {
    const seen = serveStream([() => streamOf('', { hold: true })]);
    const controller = new AbortController();
    const done = runChangeStream(
      {
        token: 't',
        since: '77',
        onChange: () => undefined,
        onReset: () => undefined,
        onStatus: () => undefined,
        onRefused: () => undefined,
      },
      controller.signal,
    );
    await waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    await done;
    expect(seen[0].lastEventId).toBe('77');
  });

  it('stops when the server refuses the token', async () => {
    const seen = serveStream([() => new HttpResponse(null, { status: 401 })]);
    let refused = 0;
    await runChangeStream(
      { token: 't', onChange: () => {}, onReset: () => {}, onStatus: () => {}, onRefused: () => refused++, backoffMs: () => 5 },
      new AbortController().signal,
    );
    expect(refused).toBe(1);
    expect(seen).toHaveLength(1);
  });
});

describe('live updates while signed in', () => {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

  it("refreshes exactly what the refresh table names for a colleague's change, and everything after a reset", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'test-token');
    queryClient.setQueryData(trpc.transactions.recent.queryKey(), []);
    queryClient.setQueryData(trpc.checkIns.board.queryKey(), undefined);
    queryClient.setQueryData(trpc.customers.list.queryKey(), []);
    queryClient.setQueryData(trpc.users.list.queryKey(), []);
    let release: (() => void) | undefined;
    const resetSent = new Promise<void>((resolve) => (release = resolve));
    serveStream([
      () =>
        new HttpResponse(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode(frame(7, 'transaction.updated')));
              await resetSent;
              controller.enqueue(encoder.encode('id: 8\nevent: reset\ndata: {}\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ]);
    const { result, unmount } = renderHook(
      () => {
        useLiveUpdates(1);
        return useStreamStatus();
      },
      { wrapper },
    );
    await waitFor(() => expect(invalidated(trpc.transactions.recent.queryKey())).toBe(true));
    expect(result.current).toBe('live');
    expect(invalidated(trpc.customers.list.queryKey())).toBe(false);
    expect(invalidated(trpc.users.list.queryKey())).toBe(false);
    release?.();
    await waitFor(() => expect(invalidated(trpc.customers.list.queryKey())).toBe(true));
    expect(invalidated(trpc.users.list.queryKey())).toBe(true);
    unmount();
  });

  it('opens once the reads in flight have answered, from the earliest change id they carried (decision 243)', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'test-token');
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // Each read's answer names where the stream stood as it arrived: the later one is answered first.
    const read = (id: string, wait?: Promise<void>) => async () => {
      await wait;
      return HttpResponse.json([{ result: { data: [] } }], { headers: { 'x-change-id': id } });
    };
    server.use(http.get('*/trpc/customers.list', read('900', held)), http.get('*/trpc/casinos.list', read('905')));
    const seen = serveStream([() => streamOf('', { hold: true })]);
    const customers = queryClient.fetchQuery(trpc.customers.list.queryOptions());
    await new Promise((r) => setTimeout(r, 0));
    await queryClient.fetchQuery(trpc.casinos.list.queryOptions());
    const { unmount } = renderHook(() => useLiveUpdates(1), { wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(0);
    answer();
    await customers;
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].lastEventId).toBe('900');
    unmount();
  });

  it('opens no sooner than STREAM_NOT_BEFORE_MS after the page began, though the reads have answered (decision 246)', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'test-token');
    // The page is 600 ms short of the soonest the stream may open (without the rule it opens in about 80 ms).
    const now = vi.spyOn(performance, 'now').mockReturnValue(STREAM_NOT_BEFORE_MS - 600);
    const seen = serveStream([() => streamOf('', { hold: true })]);
    const { unmount } = renderHook(() => useLiveUpdates(1), { wrapper });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(0);
    await waitFor(() => expect(seen).toHaveLength(1), { timeout: 2000 });
    now.mockRestore();
    unmount();
  });
});
