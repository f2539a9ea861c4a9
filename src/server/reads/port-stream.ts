import type { MessagePort } from 'node:worker_threads';
import { Readable, Writable } from 'node:stream';

/**
 * A byte stream across threads over a MessagePort, with flow control: the writer (a worker) gathers
 * bytes into chunks of about CHUNK and has at most IN_FLIGHT chunks unacknowledged; the reader (the
 * main thread) acknowledges a chunk once its consumer takes more, so a slow download holds the worker
 * back instead of piling bytes up in memory.
 *
 * Either side may end it early (decision 085): the reader closes the port when its download goes away,
 * and the writer is destroyed at once (the export stops and frees its thread); the writer gives up on a
 * reader that has kept it waiting for `readerWaitMs` in all, so a stalled download cannot hold the
 * export thread, and everyone queued behind it, for long.
 */
const CHUNK = 64 * 1024;
const IN_FLIGHT = 8;

type Message = { chunk: Uint8Array } | { end: true };

/** The reader went away before the last byte (its download was closed). */
class ReaderGone extends Error {
  constructor() {
    super('The download was closed before the export finished');
    this.name = 'AbortError';
  }
}

export const slowReaderMessage = (ms: number) =>
  `The download took nothing for ${Math.round(ms / 1000)} s in all, so the export was ended to free the export thread`;

export function portWritable(port: MessagePort, readerWaitMs = Infinity): Writable {
  let gathered: Buffer[] = [];
  let size = 0;
  let inFlight = 0;
  let waiting: (() => void) | null = null;
  /** How long this writer has waited for its reader so far, and since when it waits now. */
  let waited = 0;
  let since = 0;
  let timer: NodeJS.Timeout | undefined;
  port.on('message', () => {
    inFlight -= 1;
    const resume = waiting;
    if (!resume) return;
    waiting = null;
    clearTimeout(timer);
    waited += performance.now() - since;
    resume();
  });
  const post = (done: () => void) => {
    if (size === 0) return done();
    // Its own memory (not a slice of Node's shared pool), so it can be transferred rather than copied.
    const chunk = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const part of gathered) at += part.copy(chunk, at);
    gathered = [];
    size = 0;
    inFlight += 1;
    port.postMessage({ chunk } satisfies Message, [chunk.buffer]);
    if (inFlight < IN_FLIGHT) return done();
    waiting = done;
    since = performance.now();
    if (Number.isFinite(readerWaitMs)) {
      timer = setTimeout(() => writable.destroy(new Error(slowReaderMessage(readerWaitMs))), Math.max(0, readerWaitMs - waited));
    }
  };
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      gathered.push(chunk);
      size += chunk.length;
      if (size >= CHUNK) post(() => callback());
      else callback();
    },
    final(callback) {
      post(() => {
        port.postMessage({ end: true } satisfies Message);
        port.unref();
        callback();
      });
    },
    destroy(error, callback) {
      clearTimeout(timer);
      waiting = null;
      port.close();
      callback(error);
    },
  });
  // The reader closed its end: a download that went away. After the last byte that is the normal end.
  port.once('close', () => {
    if (!writable.writableFinished) writable.destroy(new ReaderGone());
  });
  return writable;
}

export function portReadable(port: MessagePort): Readable {
  let owed = 0;
  const readable = new Readable({
    read() {
      for (; owed > 0; owed -= 1) port.postMessage('ack');
    },
    destroy(error, callback) {
      port.close();
      callback(error);
    },
  });
  port.on('message', (m: Message) => {
    if ('end' in m) {
      readable.push(null);
      port.close();
      return;
    }
    if (readable.push(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength))) port.postMessage('ack');
    else owed += 1;
  });
  return readable;
}
