import { startWorker } from '../threads/worker-start';
import type { CheckpointResult, MaintenanceReply, MaintenanceRequest, MaintenanceWorkerData } from './maintenance-worker';

/**
 * A worker thread with its own connection to the database file, for the slow housekeeping that must
 * not stall requests: WAL checkpoints (PASSIVE, so they never block readers or the writer) and online
 * backups. The server's own connection keeps a high autocheckpoint as a fallback only. The thread runs
 * maintenance-worker.ts (typed and linted like the rest): from source through tsx's loader, or
 * maintenance-worker.mjs beside the server bundle.
 */
const startMaintenanceWorker = (workerData: MaintenanceWorkerData) => startWorker(import.meta.url, 'maintenance-worker', { workerData });

/** A request without its id (the id is added when it is sent). */
type MaintenanceMessage = { type: 'checkpoint' } | { type: 'backup'; file: string } | { type: 'close' };

export const CHECKPOINT_INTERVAL_MS = 1000;

export interface Maintenance {
  checkpoint(): Promise<CheckpointResult>;
  /** An online backup into `file` (the caller renames it into place). */
  backup(file: string): Promise<void>;
  /** Closes the worker's connection (before the server's own, so that one can clean up the WAL). */
  close(): Promise<void>;
}

export function startMaintenance(file: string): Maintenance {
  const worker = startMaintenanceWorker({ file });
  const pending = new Map<number, { resolve: (v: CheckpointResult | null) => void; reject: (e: Error) => void }>();
  let next = 0;
  let closed = false;
  worker.on('message', (m: MaintenanceReply) => {
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
  const ask = (message: MaintenanceMessage) =>
    new Promise<CheckpointResult | null>((resolve, reject) => {
      if (closed) return reject(new Error('maintenance worker closed'));
      const id = ++next;
      pending.set(id, { resolve, reject });
      worker.ref(); // an answer is awaited: keep the process alive until it comes
      worker.postMessage({ ...message, id } satisfies MaintenanceRequest);
    });
  const timer = setInterval(() => void ask({ type: 'checkpoint' }).catch(() => undefined), CHECKPOINT_INTERVAL_MS);
  timer.unref();
  worker.unref();
  return {
    async checkpoint() {
      const result = await ask({ type: 'checkpoint' });
      if (!result) throw new Error('the checkpoint gave no result');
      return result;
    },
    backup: async (target) => void (await ask({ type: 'backup', file: target })),
    async close() {
      clearInterval(timer);
      if (closed) return;
      await ask({ type: 'close' }).catch(() => undefined);
      closed = true;
      await worker.terminate();
    },
  };
}
