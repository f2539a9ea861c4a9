import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OpenedDatabase, sqliteOf } from '../../db/database';
import { pairFixture } from '../../testing/fixtures';
import { createTestDatabase } from '../../testing/test-db';
import type { ImportCell } from './import-file';
import type { ImportTask } from './import-run';
import { IMPORT_LIMITS } from './import-limits';
import { transactionWriter } from './import-transactions';

// Decision 053: the rows an import keeps until its last one is checked are not JS objects on the worker's
// heap (about 170 bytes a row there) but typed arrays outside it (52 bytes a row), so the heap the import
// worker holds does not grow with the file.
let database: OpenedDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

it('keeps 60,000 checked rows with under 25 bytes a row on the JS heap', async () => {
  await pairFixture(database.db, { customerName: 'Heap', casinoName: 'Heap casino' });
  const task: ImportTask = {
    kind: 'transactions',
    file: '',
    format: 'csv',
    options: { dryRun: true, createMissing: false, skipInvalid: false, mapping: {} },
    actor: { id: null, email: null },
    importId: 'memory',
    failedFile: '',
    timeZone: 'UTC',
    limits: IMPORT_LIMITS,
  };
  const writer = transactionWriter(sqliteOf(database.db), task, new Date());
  const columns = {
    date: 0,
    customer: 1,
    casino: 2,
    transactionType: 3,
    unplayedCoinsChange: 4,
    playedCoinsChange: 5,
    usdChange: 6,
  };
  const cells = (i: number): ImportCell[] => [
    new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    'Heap',
    'Heap casino',
    'Purchase',
    `${i}.25`,
    '0.50',
    `-${i % 100}.75`,
  ];
  // The first rows warm the checks (compiled code, name caches); the heap is measured from there.
  for (let i = 0; i < 1000; i++) expect(writer.row(cells(i), columns)).toBe('valid');
  const before = heapUsed();
  const buffersBefore = process.memoryUsage().arrayBuffers;
  for (let i = 1000; i < 61_000; i++) writer.row(cells(i), columns);
  const perRow = (heapUsed() - before) / 60_000;
  expect(perRow).toBeLessThan(25);
  // The rows are somewhere: in the typed arrays' buffers (at least 52 bytes a row).
  expect(process.memoryUsage().arrayBuffers - buffersBefore).toBeGreaterThan(60_000 * 40);
  expect(writer.countCopies()).toBe(0);
}, 60_000);
