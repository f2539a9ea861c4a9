import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportResult } from '../../../shared/schemas/import';
import { sqliteOf } from '../../db/database';
import { makePrivateDir } from '../../db/file-modes';
import type { Db } from '../../db/types';
import { DomainError } from '../../errors/domain-errors';
import { holdLedgerWrites } from '../transactions/ledger';
import { type ImportTask, runImport } from './import-run';

export type ImportRequest = Omit<ImportTask, 'importId' | 'failedFile' | 'timeZone'>;

/** Runs imports one at a time (docs/decisions/051), and finds the failed rows of an earlier one. */
export interface Importer {
  run(request: ImportRequest): Promise<ImportResult>;
  /** The failed-rows.csv of an import, or null when unknown (ids are random UUIDs). */
  failedRows(importId: string): string | null;
  /** Where uploads are spooled before they are read. */
  dir: string;
}

/** Failed rows and spooled uploads older than this are removed when the next import starts. */
const KEEP_MS = 24 * 60 * 60 * 1000;

function sweep(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
  }
}

/**
 * The import worker's V8 heap (decision 053): a small young generation (V8's default semi-spaces of 16 MB
 * stay committed and count in the server's RSS) and an old generation bounded well above what a file at
 * the upload limit keeps on it (the checked rows live in typed arrays outside it: ledger-bulk.ts), so the
 * heap is collected before it grows instead of growing to several times what it holds.
 */
export const IMPORT_HEAP = { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 160 };

/** The import worker: import-worker.mjs beside the bundle, or the TypeScript source through tsx's loader (tests, tsx). */
function startWorker(workerData: unknown): Worker {
  const resourceLimits = IMPORT_HEAP;
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./import-worker.mjs', import.meta.url), { workerData, resourceLimits });
  const source = new URL('./import-worker.ts', import.meta.url).href;
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  // A small script registers tsx in the thread, then imports the module.
  return new Worker(`import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, {
    eval: true,
    workerData,
    resourceLimits,
  });
}

function inWorker(databaseFile: string, task: ImportTask): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ databaseFile, task });
    worker.once(
      'message',
      (
        reply:
          | { ok: true; result: ImportResult }
          | { ok: false; message: string; refusal?: { kind: DomainError['kind']; fields: DomainError['fields'] } },
      ) =>
        reply.ok
          ? resolve(reply.result)
          : reject(reply.refusal ? new DomainError(reply.refusal.kind, reply.message, reply.refusal.fields) : new Error(reply.message)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The import worker stopped (exit code ${code})`)));
  });
}

/**
 * Imports into `db`: in a worker thread with its own connection when the database is a file, on the
 * main connection for an in-memory one (tests). While an import writes, the ledger's writes wait.
 */
export function createImporter(db: Db, databaseFile: string, dataDir: string, timeZone: string): Importer {
  // An in-memory database (tests) has no data folder: its imports get a temporary one.
  const dir = databaseFile === ':memory:' ? fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-imports-')) : path.join(dataDir, 'imports');
  let queue: Promise<unknown> = Promise.resolve();
  return {
    dir,
    run(request) {
      makePrivateDir(dir);
      const importId = crypto.randomUUID();
      const task: ImportTask = { ...request, importId, failedFile: path.join(dir, `${importId}-failed.csv`), timeZone };
      const next = queue.then(async () => {
        sweep(dir);
        const release = request.options.dryRun ? () => {} : holdLedgerWrites(db);
        try {
          return databaseFile === ':memory:' ? await runImport(sqliteOf(db), task) : await inWorker(databaseFile, task);
        } finally {
          release();
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    failedRows(importId) {
      if (!/^[0-9a-f-]{36}$/.test(importId)) return null;
      const file = path.join(dir, `${importId}-failed.csv`);
      return fs.existsSync(file) ? file : null;
    },
  };
}
