import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { tempDir } from './test-db';

/**
 * A migrated database file in a new folder, and beside it `in.csv`: `rows` purchases in October 2026 by
 * `customers` customers ("Ann 0", "Ann 1", ...) at the casino Zed, for the import worker's tests.
 */
export async function databaseWithPurchasesCsv(rows: number, customers: number) {
  const dir = tempDir();
  const file = path.join(dir, 'app.db');
  const opened = openDatabase(file);
  await migrateToLatest(opened.db);
  const csv = path.join(dir, 'in.csv');
  const lines = Array.from(
    { length: rows },
    (_, i) => `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 10:00,Ann ${i % customers},Zed,Purchase,${i}.25,0,-1`,
  );
  fs.writeFileSync(
    csv,
    `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n${lines.join('\r\n')}\r\n`,
  );
  return { ...opened, dir, file, csv };
}
