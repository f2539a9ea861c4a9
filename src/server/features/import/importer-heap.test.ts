import type * as WorkerThreads from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';
import { expect, it, vi } from 'vitest';
import { databaseWithPurchasesCsv } from '../../testing/import-file';
import { createImporter, IMPORT_HEAP } from './importer';

// Decision 053: the import worker's V8 heap is bounded (a small young generation, an old one well above
// what it keeps), so the heap is collected before it grows to several times what it holds.
const started: (WorkerOptions | undefined)[] = [];
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>();
  class Watched extends real.Worker {
    constructor(script: string | URL, options?: WorkerOptions) {
      started.push(options);
      super(script, options);
    }
  }
  return { ...real, Worker: Watched };
});

it('starts the import worker with a bounded heap, and a file imports within it', async () => {
  const { db, close, dir, file, csv } = await databaseWithPurchasesCsv(2000, 30);
  const result = await createImporter(db, file, dir, 'UTC').run({
    kind: 'transactions',
    file: csv,
    format: 'csv',
    options: { dryRun: false, createMissing: true, skipInvalid: false, mapping: {} },
    actor: { id: null, email: null },
  });
  expect(result.created.transactions).toBe(2000);
  expect(IMPORT_HEAP).toEqual({ maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 160 });
  expect(started.map((options) => options?.resourceLimits)).toEqual([IMPORT_HEAP]);
  await close();
}, 60_000);
