import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import type { Db } from '../../db/types';
import { runCommand } from '../../testing/run-command';
import { tempDir } from '../../testing/test-db';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { XLSX_TYPE } from '../../../shared/import-fields';
import { exportSheet } from '../exports/export-sheets';
import { writeExport } from '../exports/export-writer';
import { checkLedger } from '../transactions/invariants';

// History's CSV and Excel exports of the demo data, imported with createMissing=1
// into an empty database, give the same ledger; importing the same file again creates nothing.
const TZ = 'America/New_York';
let source: ReturnType<typeof openDatabase>;
const files: Record<'csv' | 'xlsx', Buffer> = { csv: Buffer.alloc(0), xlsx: Buffer.alloc(0) };

async function exportOf(db: Db, kind: 'transactions' | 'high-sc', format: 'csv' | 'xlsx'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({ write: (chunk: Buffer, _e, done) => (chunks.push(chunk), done()) });
  await writeExport(
    exportSheet(db, kind === 'transactions' ? { kind, input: {} } : { kind, input: { threshold: 0 } }, TZ, '2026-11-23'),
    format,
    out,
    { timeZone: TZ },
  );
  return Buffer.concat(chunks);
}

/** What must survive the round trip, by name: each pair's balances and count, and the types in use. */
async function ledgerByName(db: Db) {
  const pairs = await db
    .selectFrom('customerCasinos as l')
    .innerJoin('customers as c', 'c.id', 'l.customerId')
    .innerJoin('casinos as k', 'k.id', 'l.casinoId')
    .select([
      'c.name as customer',
      'k.name as casino',
      'l.status',
      'l.currentUnplayedCoins',
      'l.currentPlayedCoins',
      'l.usdTotal',
      'l.transactionCount',
    ])
    .where('l.transactionCount', '>', 0)
    .orderBy('c.name')
    .orderBy('k.name')
    .execute();
  const types = await db
    .selectFrom('transactionTypes as t')
    .innerJoin('casinos as k', 'k.id', 't.casinoId')
    .select(['k.name as casino', 't.name as type'])
    .where((eb) => eb.exists(eb.selectFrom('transactions').select('id').whereRef('transactions.transactionTypeId', '=', 't.id')))
    .orderBy('k.name')
    .orderBy('t.name')
    .execute();
  const count = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { pairs, types, count: Number(count.n) };
}

beforeAll(async () => {
  const dir = tempDir();
  const file = path.join(dir, 'demo.db');
  const seeded = runCommand('seed-demo.ts', [], {
    DATABASE_PATH: file,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Passw0rd!Passw0rd',
  });
  expect(seeded.stderr).toBe('');
  source = openDatabase(file);
  files.csv = await exportOf(source.db, 'transactions', 'csv');
  files.xlsx = await exportOf(source.db, 'transactions', 'xlsx');
}, 120_000);
afterAll(() => source.close());

describe.each(['csv', 'xlsx'] as const)('the demo data round trip through the %s export', (format) => {
  let s: TestServer;
  afterAll(() => s.stop());

  it('rebuilds the same ledger, and a second import of the same file creates nothing', async () => {
    s = await createTestServer({ timeZone: TZ });
    const staff = await s.addUser('staff');
    const post = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/import/transactions?createMissing=1',
        headers: { ...staff.auth, 'content-type': format === 'csv' ? 'text/csv' : XLSX_TYPE },
        payload: files[format],
      });
    const expected = await ledgerByName(source.db);
    // The demo's 3,000 entries, with its redemption steps and check-ins.
    const n = expected.count;
    expect(n).toBeGreaterThanOrEqual(3000);
    const first = await post();
    expect(first.statusCode).toBe(201);
    const result = first.json();
    expect(result).toMatchObject({ dryRun: false, committed: true, rows: n, valid: n, invalid: 0, errors: [], skippedDuplicates: 0 });
    const customers = new Set(expected.pairs.map((p) => p.customer)).size;
    const casinos = new Set(expected.pairs.map((p) => p.casino)).size;
    expect(result.created).toEqual({
      transactions: n,
      customers,
      casinos,
      transactionTypes: expected.types.length,
      links: expected.pairs.length,
    });

    const imported = await ledgerByName(s.database.db);
    expect(imported).toEqual(expected);
    expect((await exportOf(s.database.db, 'high-sc', 'csv')).toString()).toBe((await exportOf(source.db, 'high-sc', 'csv')).toString());
    expect(await checkLedger(s.database.db)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
    const attributed = await s.database.db.selectFrom('transactions').select('createdByUserId').distinct().execute();
    expect(attributed).toEqual([{ createdByUserId: staff.id }]);
    const audited = await s.database.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'import')
      .where('userId', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(n);

    const again = await post();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      rows: n,
      valid: 0,
      skippedDuplicates: n,
      created: { transactions: 0, customers: 0, casinos: 0, transactionTypes: 0, links: 0 },
    });
    expect(await ledgerByName(s.database.db)).toEqual(expected);
  }, 120_000);
});

it('keeps the demo export files readable (the fixtures of this test)', () => {
  expect(files.csv.subarray(0, 3).toString('hex')).toBe('efbbbf');
  expect(fs.existsSync(source.sqlite.name)).toBe(true);
});
