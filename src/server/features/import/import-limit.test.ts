import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { DomainError } from '../../errors/domain-errors';
import { tempDir } from '../../testing/test-db';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { createImporter } from './importer';

// The ledger's limit (decision 090) on the import worker's own connection: the refusal crosses back to
// the server as a refusal (a 400 naming the column), not as a 500, and nothing is written.
it('refuses, from the worker thread, rows that would take a balance past the ledger limit', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'app.db');
  const { db, close } = openDatabase(file);
  await migrateToLatest(db);
  const csv = path.join(dir, 'in.csv');
  const rows = Array.from(
    { length: 101 },
    (_, i) => `${new Date(Date.UTC(2026, 9, 1, 10, i)).toISOString()},Ann,Zed,Purchase,1000000000,0,0`,
  );
  fs.writeFileSync(
    csv,
    `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n${rows.join('\r\n')}\r\n`,
  );
  const importer = createImporter(db, file, dir, 'UTC');
  const run = importer.run({
    kind: 'transactions',
    file: csv,
    format: 'csv',
    options: { dryRun: false, createMissing: true, skipInvalid: false, mapping: {} },
    actor: { id: null, email: null },
  });
  const message =
    "This would take the customer's unplayed coins at this casino on 2026-10-01 past ±100,000,000,000.00, the most the ledger keeps";
  await expect(run).rejects.toBeInstanceOf(DomainError);
  await expect(run).rejects.toMatchObject({ kind: 'invalid', message, fields: [{ path: 'unplayedCoinsChange', message }] });
  expect(await db.selectFrom('transactions').select('id').execute()).toEqual([]);
  expect(await db.selectFrom('customers').select('id').execute()).toEqual([]);
  expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  await close();
}, 60_000);
