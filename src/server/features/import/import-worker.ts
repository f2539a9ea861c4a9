import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database';
import { DomainError } from '../../errors/domain-errors';
import { lowerThreadPriority } from '../../threads/thread-priority';
import { IMPORT_NICE, type ImportTask, runImport } from './import-run';

/** One import on a thread of its own, with its own connection (docs/decisions/051); answers once, then ends. */
const { databaseFile, task } = workerData as { databaseFile: string; task: ImportTask };
// Below the main thread and the screens' read threads (nice 0): on busy cores they answer first and the
// import, a long batch, takes a smaller share (decisions 020, 052, 029).
lowerThreadPriority(IMPORT_NICE);
const { sqlite } = openDatabase(databaseFile);
try {
  parentPort?.postMessage({ ok: true, result: await runImport(sqlite, task) });
} catch (error) {
  // A refusal (the ledger's limit: decision 090) crosses back as one, so it is answered 4xx, not 500.
  const refusal = error instanceof DomainError ? { kind: error.kind, fields: error.fields } : undefined;
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error), refusal });
} finally {
  sqlite.close();
}
