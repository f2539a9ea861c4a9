import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportResult } from '../../../shared/schemas/import';
import { sqliteOf } from '../../db/database';
import { makePrivateDir } from '../../db/file-modes';
import type { Db } from '../../db/types';
import { DomainError, type DomainErrorKind, type FieldIssue } from '../../errors/domain-errors';
import { startWorker } from '../../threads/worker-start';
import { holdLedgerWrites } from '../transactions/ledger';
import type { ImportFormat } from './import-file';
import { grouped, IMPORT_LIMITS, type ImportLimits } from './import-limits';
import { type Gate, IMPORT_NICE, type ImportTask, runImport } from './import-run';

export type ImportRequest = Omit<ImportTask, 'importId' | 'failedFile' | 'timeZone' | 'limits'>;

/** Runs imports one at a time, a few waiting (decisions 051, 080), and finds the failed rows of an earlier one. */
export interface Importer {
  /**
   * Takes a place for one import (its upload, its wait, its run), or throws 429 when one runs and
   * `maxWaiting` wait. Answers the release, called once the request is answered.
   */
  reserve(): () => void;
  /**
   * Runs an import; `signal` cancels it while it waits or reads (a hung-up client), never once it writes.
   * `wrote` is called after each of its transactions that committed something, so a caller knows the
   * ledger changed even when the import stops partway (its earlier batches stay).
   */
  run(request: ImportRequest, signal?: AbortSignal, wrote?: () => void): Promise<ImportResult>;
  /** A new path in the spool folder for an upload of this format. */
  spoolFile(format: ImportFormat): string;
  /** The failed-rows.csv of an import, or null when unknown (ids are random UUIDs). */
  failedRows(importId: string): string | null;
  /** Where uploads are spooled before they are read. */
  dir: string;
  limits: ImportLimits;
}

/** Failed rows older than this are removed when the next import starts. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const SPOOLED = /^upload-/;

function sweep(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
  }
}

/** Uploads spooled by a server that stopped before it removed them (a crash): nothing reads them any more. */
function removeLeftUploads(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) if (SPOOLED.test(name)) fs.rmSync(path.join(dir, name), { force: true });
}

/**
 * The import worker's V8 heap (decision 053): a small young generation (V8's default semi-spaces of 16 MB
 * stay committed and count in the server's RSS) and an old generation bounded well above what a file at
 * the upload limit keeps on it (the checked rows live in typed arrays outside it: ledger-bulk.ts), so the
 * heap is collected before it grows instead of growing to several times what it holds.
 */
export const IMPORT_HEAP = { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 160 };

/**
 * The import worker (import-worker.ts), its priority lowered before its modules load (compiling them is
 * the import's work too, so it does not compete with the main thread).
 */
const startImportWorker = (workerData: unknown) =>
  startWorker(import.meta.url, 'import-worker', { workerData, resourceLimits: IMPORT_HEAP, nice: IMPORT_NICE });

/** What the import worker says: it wants the write lock for a batch, its batch is done, or its outcome. */
export type WorkerMessage =
  | { type: 'batch' }
  | { type: 'done' }
  | { type: 'wrote' }
  | { type: 'result'; result: ImportResult }
  | { type: 'error'; message: string; kind: DomainErrorKind | null; fields?: FieldIssue[] };

const cancelled = () => new DomainError('invalid', 'The import was cancelled: the client closed the request');
const tooSlow = (limits: ImportLimits) =>
  new DomainError(
    'busy',
    `The file took longer than ${grouped(limits.maxSeconds)} s to read and check; nothing was imported. Split it into smaller files, or import it with npm run import while the server is stopped.`,
  );
const outOfMemory = () =>
  new DomainError('invalid', 'The file needs more memory than an import may use; nothing was imported. Split it into smaller files.');

/**
 * The main thread's side of a batch (decision 080): waits until its own connection is free (no Kysely
 * query or transaction of a request is running), holds the ledger's writes, and runs `work` (the worker's
 * batch, or an in-memory database's). The main thread's writes that arrive meanwhile wait asynchronously
 * and go first once the batch ends, never in SQLite's busy wait on the event loop.
 */
function serverGate<T>(db: Db, work: () => Promise<T> | T): Promise<T> {
  return db.connection().execute(async () => {
    const release = holdLedgerWrites(db);
    try {
      return await work();
    } finally {
      release();
    }
  });
}

function inWorker(
  db: Db,
  databaseFile: string,
  task: ImportTask,
  signal: AbortSignal | undefined,
  wrote: () => void,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const worker = startImportWorker({ databaseFile, task });
    let writing = false;
    let settled = false;
    let endBatch: (() => void) | null = null;
    const finish = (settle: () => void) => {
      endBatch?.();
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    // Before its first batch the worker has written nothing: it is stopped at once. Once it writes, it ends its batches.
    const stop = (error: DomainError) => {
      if (writing) return;
      void worker.terminate();
      finish(() => reject(error));
    };
    const onAbort = () => stop(cancelled());
    const timer = setTimeout(() => stop(tooSlow(task.limits)), task.limits.maxSeconds * 1000);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'batch') {
        writing = true;
        serverGate(db, () => new Promise<void>((done) => ((endBatch = done), worker.postMessage('go')))).catch((error: unknown) => {
          // The main connection is gone (the server stops): the batch can never be let in.
          void worker.terminate();
          finish(() => reject(error));
        });
      } else if (message.type === 'done') {
        endBatch?.();
        endBatch = null;
      } else if (message.type === 'wrote') wrote();
      else if (message.type === 'result') finish(() => resolve(message.result));
      else finish(() => reject(message.kind ? new DomainError(message.kind, message.message, message.fields) : new Error(message.message)));
    });
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : error)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`The import worker stopped (exit code ${code})`))));
    if (signal?.aborted) onAbort();
  });
}

/** An in-memory database (tests) is imported on the main connection, through the same gate and bounds. */
function inline(db: Db, task: ImportTask, signal: AbortSignal | undefined, wrote: () => void): Promise<ImportResult> {
  const deadline = Date.now() + task.limits.maxSeconds * 1000;
  const gate: Gate = (work) => serverGate(db, work);
  return runImport(sqliteOf(db), task, {
    gate,
    wrote,
    stopped: () => (signal?.aborted ? cancelled() : Date.now() > deadline ? tooSlow(task.limits) : null),
  });
}

/**
 * Imports into `db`: in a worker thread with its own connection when the database is a file, on the
 * main connection for an in-memory one (tests). Uploads a crash left in the spool folder are removed now.
 */
export function createImporter(
  db: Db,
  databaseFile: string,
  dataDir: string,
  timeZone: string,
  bounds: Partial<ImportLimits> = {},
): Importer {
  const limits = { ...IMPORT_LIMITS, ...bounds };
  // An in-memory database (tests) has no data folder: its imports get a temporary one.
  const dir = databaseFile === ':memory:' ? fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-imports-')) : path.join(dataDir, 'imports');
  removeLeftUploads(dir);
  let queue: Promise<unknown> = Promise.resolve();
  let places = 0;
  return {
    dir,
    limits,
    reserve() {
      if (places >= 1 + limits.maxWaiting)
        throw new DomainError('too-many', `An import is running and ${limits.maxWaiting} more are waiting: try again in a few minutes`);
      places++;
      let released = false;
      return () => {
        if (!released) places--;
        released = true;
      };
    },
    spoolFile(format) {
      makePrivateDir(dir);
      return path.join(dir, `upload-${crypto.randomUUID()}.${format}`);
    },
    run(request, signal, wrote = () => {}) {
      makePrivateDir(dir);
      const importId = crypto.randomUUID();
      const task: ImportTask = { ...request, importId, failedFile: path.join(dir, `${importId}-failed.csv`), timeZone, limits };
      let started = false;
      const next = queue.then(async () => {
        started = true;
        if (signal?.aborted) throw cancelled();
        sweep(dir);
        return databaseFile === ':memory:' ? inline(db, task, signal, wrote) : inWorker(db, databaseFile, task, signal, wrote);
      });
      queue = next.catch(() => undefined);
      if (!signal) return next;
      // A client that leaves while its import waits hears back at once (its turn, when it comes, ends at once).
      return new Promise<ImportResult>((resolve, reject) => {
        const onAbort = () => (started ? undefined : reject(cancelled()));
        signal.addEventListener('abort', onAbort, { once: true });
        next.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    failedRows(importId) {
      if (!/^[0-9a-f-]{36}$/.test(importId)) return null;
      const file = path.join(dir, `${importId}-failed.csv`);
      return fs.existsSync(file) ? file : null;
    },
  };
}
