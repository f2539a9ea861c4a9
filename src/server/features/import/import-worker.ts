import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database';
import { DomainError } from '../../errors/domain-errors';
import { lowerThreadPriority } from '../../threads/thread-priority';
import type { WorkerMessage } from './importer';
import { type Gate, IMPORT_NICE, type ImportTask, runImport } from './import-run';

/**
 * One import on a thread of its own, with its own connection (decisions 051, 080): it reads and checks the
 * file without a write lock, then asks the main thread before each batch ('batch'), writes it when told
 * ('go') and says so ('done'), so the main thread's writes go between two batches; it says when one of them
 * committed something ('wrote'). Answers once, then ends.
 */
const { databaseFile, task } = workerData as { databaseFile: string; task: ImportTask };
const port = parentPort!;
const say = (message: WorkerMessage) => port.postMessage(message);
// Below the main thread and the screens' read threads (nice 0): on busy cores they answer first and the
// import, a long batch, takes a smaller share (decisions 020, 052, 029).
lowerThreadPriority(IMPORT_NICE);
const { sqlite } = openDatabase(databaseFile);
const waiting: (() => void)[] = [];
const onMessage = () => waiting.shift()?.();
port.on('message', onMessage);
const gate: Gate = (work) =>
  new Promise((resolve, reject) => {
    waiting.push(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      } finally {
        say({ type: 'done' });
      }
    });
    say({ type: 'batch' });
  });
try {
  say({ type: 'result', result: await runImport(sqlite, task, { gate, wrote: () => say({ type: 'wrote' }) }) });
} catch (error) {
  say({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
    // A refusal (the ledger's limit: decision 090) crosses back as one, so it is answered 4xx, not 500.
    kind: error instanceof DomainError ? error.kind : null,
    fields: error instanceof DomainError ? error.fields : undefined,
  });
} finally {
  sqlite.close();
  // Nothing more to hear: the thread ends.
  port.off('message', onMessage);
}
