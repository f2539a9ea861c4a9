import type { MessagePort } from 'node:worker_threads';
import { Readable, Writable } from 'node:stream';

/**
 * A byte stream across threads over a MessagePort, with flow control: the writer (a worker) gathers
 * bytes into chunks of about CHUNK and has at most IN_FLIGHT chunks unacknowledged; the reader (the
 * main thread) acknowledges a chunk once its consumer takes more, so a slow download holds the worker
 * back instead of piling bytes up in memory.
 */
const CHUNK = 64 * 1024;
const IN_FLIGHT = 8;

type Message = { chunk: Uint8Array } | { end: true };

export function portWritable(port: MessagePort): Writable {
  let gathered: Buffer[] = [];
  let size = 0;
  let inFlight = 0;
  let waiting: (() => void) | null = null;
  port.on('message', () => {
    inFlight -= 1;
    const resume = waiting;
    waiting = null;
    resume?.();
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
    if (inFlight < IN_FLIGHT) done();
    else waiting = done;
  };
  return new Writable({
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
  });
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
