import { EventSourceParserStream } from 'eventsource-parser/stream';
import { CHANGE_EVENT_KINDS, type ChangeEventKind, RESET_EVENT } from '../../shared/change-event-kinds';

/** Where the stream is: 'live' while events can arrive, 'connecting' before the first answer, 'offline' after a drop. */
export type StreamStatus = 'connecting' | 'live' | 'offline';

export interface ChangeStreamOptions {
  /** The signed-in token, sent as a bearer header (never in the URL). */
  token: string;
  onChange: (kind: ChangeEventKind) => void;
  /** The server could not replay what was missed: everything on screen must be read again. */
  onReset: () => void;
  onStatus: (status: StreamStatus) => void;
  /** The id to open from (Last-Event-ID): the earliest the reads on screen carried; none: from now (decision 243). */
  since?: string;
  /** The server refused the token: the stream stops (the app's other requests sign the person out). */
  onRefused: () => void;
  /** Delay before reconnect attempt `n` (0-based). */
  backoffMs?: (attempt: number) => number;
}

export const STREAM_URL = '/api/events';

/** 0.5 s, 1 s, 2 s ... up to 10 s, with a little jitter so a restarted server is not met by every browser at once. */
const defaultBackoff = (attempt: number) => Math.min(500 * 2 ** attempt, 10_000) * (0.8 + Math.random() * 0.4);

const isKind = (name: string): name is ChangeEventKind => (CHANGE_EVENT_KINDS as readonly string[]).includes(name);

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Holds GET /api/events open until `signal` aborts (decision 141). EventSource cannot send an
 * Authorization header, so this reads the stream with fetch and eventsource-parser. A dropped stream is
 * opened again with backoff, sending the last id seen as Last-Event-ID so the server replays what was
 * missed (or answers `reset`).
 */
export async function runChangeStream(options: ChangeStreamOptions, signal: AbortSignal): Promise<void> {
  const backoff = options.backoffMs ?? defaultBackoff;
  let lastEventId = options.since;
  let attempt = 0;
  let dropped = false;
  options.onStatus('connecting');
  while (!signal.aborted) {
    try {
      const response = await fetch(STREAM_URL, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${options.token}`,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        cache: 'no-store',
        // Low: the stream lasts as long as the page, so it never competes with a screen's reads, and a
        // page-load tool (Lighthouse) that waits for the important requests to end does not wait on it.
        priority: 'low',
        signal,
      });
      if (response.status === 401) return options.onRefused();
      const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
      if (!response.ok || !response.body || !isStream) throw new Error(`change stream answered ${response.status}`);
      options.onStatus('live');
      // Back after a drop with no event id to resume from (the server's first frame names its id with no
      // event, which a parser does not hand on): what was missed cannot be replayed, so read it all again.
      if (dropped && !lastEventId) options.onReset();
      attempt = 0;
      // A reader loop rather than `for await`: Safari's streams are not async-iterable everywhere.
      const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
      // Signing out ends the read at once, whether or not the fetch honours the abort mid-body.
      signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const event = next.value;
        if (event.id) lastEventId = event.id;
        if (event.event === RESET_EVENT) options.onReset();
        else if (event.event && isKind(event.event)) options.onChange(event.event);
      }
    } catch {
      // A network failure or the page going away: the loop decides below whether to try again.
    }
    if (signal.aborted) return;
    dropped = true;
    options.onStatus('offline');
    await pause(backoff(attempt++), signal);
  }
}
