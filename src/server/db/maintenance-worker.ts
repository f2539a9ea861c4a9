import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The maintenance thread (maintenance.ts): its own connection to the database file, for WAL checkpoints
 * (PASSIVE, never blocking readers or the writer) and online backups. One message in, one answer out.
 */
export interface MaintenanceWorkerData {
  file: string;
}

export type MaintenanceRequest = { id: number } & ({ type: 'checkpoint' } | { type: 'backup'; file: string } | { type: 'close' });

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export type MaintenanceReply = { id: number; ok: true; value: CheckpointResult | null } | { id: number; ok: false; error: string };

const port = parentPort;
if (port) {
  const { file } = workerData as MaintenanceWorkerData;
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');

  const handle = async (m: MaintenanceRequest): Promise<CheckpointResult | null> => {
    if (m.type === 'checkpoint') return (db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[])[0];
    if (m.type === 'backup') await db.backup(m.file, { progress: () => 0x7fffffff });
    else db.close();
    return null;
  };

  port.on('message', (m: MaintenanceRequest) => {
    handle(m).then(
      (value) => port.postMessage({ id: m.id, ok: true, value } satisfies MaintenanceReply),
      (error: unknown) =>
        port.postMessage({ id: m.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies MaintenanceReply),
    );
  });
}
