import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread with its own connection to the database file, for the slow housekeeping that must
 * not stall requests: WAL checkpoints (PASSIVE, so they never block readers or the writer) and online
 * backups. The server's own connection keeps a high autocheckpoint as a fallback only.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', async (m) => {
  try {
    let value = null;
    if (m.type === 'checkpoint') value = db.pragma('wal_checkpoint(PASSIVE)')[0];
    else if (m.type === 'backup') await db.backup(m.file, { progress: () => 0x7fffffff });
    else if (m.type === 'close') db.close();
    parentPort.postMessage({ id: m.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: m.id, ok: false, error: String((error && error.message) || error) });
  }
});
`;

export const CHECKPOINT_INTERVAL_MS = 1000;

export interface Maintenance {
  checkpoint(): Promise<{ busy: number; log: number; checkpointed: number }>;
  /** An online backup into `file` (the caller renames it into place). */
  backup(file: string): Promise<void>;
  /** Closes the worker's connection (before the server's own, so that one can clean up the WAL). */
  close(): Promise<void>;
}

export function startMaintenance(file: string): Maintenance {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  let closed = false;
  worker.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const waiter = pending.get(m.id);
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.ok) waiter?.resolve(m.value);
    else waiter?.reject(new Error(m.error));
  });
  worker.on('error', (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });
  const ask = <T>(message: object) =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(new Error('maintenance worker closed'));
      const id = ++next;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref(); // an answer is awaited: keep the process alive until it comes
      worker.postMessage({ ...message, id });
    });
  const timer = setInterval(() => void ask({ type: 'checkpoint' }).catch(() => undefined), CHECKPOINT_INTERVAL_MS);
  timer.unref();
  worker.unref();
  return {
    checkpoint: () => ask({ type: 'checkpoint' }),
    backup: (target) => ask({ type: 'backup', file: target }),
    async close() {
      clearInterval(timer);
      if (closed) return;
      await ask({ type: 'close' }).catch(() => undefined);
      closed = true;
      await worker.terminate();
    },
  };
}
