import fs from 'node:fs';
import path from 'node:path';
import type * as WorkerThreads from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';
import { expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { tempDir } from '../../testing/test-db';
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
  const dir = tempDir();
  const file = path.join(dir, 'app.db');
  const { db, close } = openDatabase(file);
  await migrateToLatest(db);
  const csv = path.join(dir, 'in.csv');
  const rows = Array.from(
    { length: 2000 },
    (_, i) => `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 10:00,Ann ${i % 30},Zed,Purchase,${i}.25,0,-1`,
  );
  fs.writeFileSync(
    csv,
    `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n${rows.join('\r\n')}\r\n`,
  );
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
