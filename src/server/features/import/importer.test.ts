import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { tempDir } from '../../testing/test-db';
import { databaseWithPurchasesCsv } from '../../testing/import-file';
import { createImporter } from './importer';

// A file database is imported on a worker thread with its own connection (decision 051).
it('imports into a database file on a worker thread, committed where the server reads', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'app.db');
  const { db, close } = openDatabase(file);
  await migrateToLatest(db);
  const csv = path.join(dir, 'in.csv');
  fs.writeFileSync(
    csv,
    'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n2026-11-01 10:00,Ann,Zed,Purchase,1.25,0,-1\r\n',
  );
  const importer = createImporter(db, file, dir, 'UTC');
  let wrote = 0;
  const result = await importer.run(
    {
      kind: 'transactions',
      file: csv,
      format: 'csv',
      options: { dryRun: false, createMissing: true, skipInvalid: false, mapping: {} },
      actor: { id: null, email: null },
    },
    undefined,
    () => wrote++,
  );
  // The worker says when a transaction of its import committed something: the names, then the row.
  expect(wrote).toBe(2);
  expect(result).toMatchObject({
    committed: true,
    valid: 1,
    created: { transactions: 1, customers: 1, casinos: 1, transactionTypes: 1, links: 1 },
  });
  expect(await db.selectFrom('transactions').select(['date', 'unplayedCoinsChange']).execute()).toEqual([
    { date: '2026-11-01T10:00:00.000Z', unplayedCoinsChange: 125 },
  ]);
  await close();
}, 60_000);

// Decisions 052 and 029: the import worker runs below the main thread and the screens' read threads (nice 0).
it.runIf(fs.existsSync('/proc/thread-self'))(
  'runs the import worker at nice 3 while it works',
  async () => {
    const { db, close, dir, file, csv } = await databaseWithPurchasesCsv(4000, 40);
    const importer = createImporter(db, file, dir, 'UTC');
    const nice = (task: string) => Number(fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    const seen = new Set<number>();
    let done = false;
    const run = importer
      .run({
        kind: 'transactions',
        file: csv,
        format: 'csv',
        options: { dryRun: false, createMissing: true, skipInvalid: false, mapping: {} },
        actor: { id: null, email: null },
      })
      .finally(() => (done = true));
    while (!done) {
      for (const task of fs.readdirSync('/proc/self/task')) {
        try {
          seen.add(nice(task));
        } catch {
          // the thread ended between the listing and the read
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await run).created.transactions).toBe(4000);
    expect(seen).toContain(3);
    expect(nice(String(process.pid))).toBe(os.getPriority());
    await close();
  },
  60_000,
);
