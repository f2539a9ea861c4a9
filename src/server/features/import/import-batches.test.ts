import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OpenedDatabase, sqliteOf } from '../../db/database';
import { appendAuditSync } from '../audit/audit.repository';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestDatabase, tempDir } from '../../testing/test-db';
import { checkLedger } from '../transactions/invariants';
import { createEntry } from '../transactions/ledger';
import { insertUser } from '../users/users.repository';
import { IMPORT_LIMITS } from './import-limits';
import { type Gate, type ImportTask, runImport } from './import-run';
import { transactionWriter } from './import-transactions';

// Decision 080: the file is checked with no write lock, then written in batches, each through the gate
// (where the server lets its own writes in); names that changed meanwhile make the import check again.
let database: OpenedDatabase;
let pair: Pair;
let dir: string;
let userId: number;
beforeEach(async () => {
  database = await createTestDatabase();
  userId = (await insertUser(database.db, { email: 'b@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' }))
    .id;
  pair = await pairFixture(database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  dir = tempDir();
});
afterEach(() => database.close());

const HEADER = 'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change';
function task(lines: string[], createMissing = false): ImportTask {
  const file = path.join(dir, `in-${Math.random()}.csv`);
  fs.writeFileSync(file, `${HEADER}\r\n${lines.join('\r\n')}\r\n`);
  return {
    kind: 'transactions',
    file,
    format: 'csv',
    options: { dryRun: false, createMissing, skipInvalid: false, mapping: {} },
    actor: { id: null, email: null },
    importId: 'batches',
    failedFile: path.join(dir, 'failed.csv'),
    timeZone: 'UTC',
    limits: IMPORT_LIMITS,
  };
}
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();

it('writes 3,000 rows in several batches, with entries written between them, and every maintained value exact', async () => {
  const sqlite = sqliteOf(database.db);
  let batches = 0;
  const between: Promise<number>[] = [];
  const gate: Gate = async (work) => {
    batches++;
    const answer = work();
    // Between two batches the server's own writes go in (here: an entry of the same pair, dated among the file's).
    between.push(
      createEntry(
        database.db,
        {
          customerId: pair.customer.id,
          casinoId: pair.casino.id,
          transactionTypeId: pair.type.id,
          unplayedCoinsChange: 100,
          playedCoinsChange: 0,
          usdChange: -1,
          occurredAt: at(batches * 7),
        },
        { userId },
      ),
    );
    await Promise.all(between);
    return answer;
  };
  const lines = Array.from({ length: 3000 }, (_, i) => `${at(i)},Alice,Lucky,Purchase,${i}.25,0,-1`);
  const result = await runImport(sqlite, task(lines), { gate });
  expect(result).toMatchObject({ committed: true, valid: 3000, created: { transactions: 3000 } });
  // One gate for the names, then at least two batches.
  expect(batches).toBeGreaterThanOrEqual(3);
  expect(await checkLedger(database.db, 5)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  const n = (await database.db.selectFrom('transactions').select('id').execute()).length;
  expect(n).toBe(3000 + batches);
});

/** A gate that, before its first `times` calls, makes `change` as another user would (audited). */
function racingGate(times: number, change: (call: number) => void): Gate {
  let calls = 0;
  return async <T>(work: () => T): Promise<T> => {
    if (calls++ < times) change(calls);
    return work();
  };
}
const audit = (entityId: number, name: string) =>
  appendAuditSync(
    sqliteOf(database.db),
    { id: null, email: null },
    { action: 'create', entity: 'customer', entityId, after: { id: entityId, name } },
  );

it('checks the file again when a name changed while it was checked, so a customer created meanwhile is not created twice', async () => {
  const sqlite = sqliteOf(database.db);
  const gate = racingGate(1, () => {
    const id = Number(
      sqlite.prepare(`insert into customers (name, email, "isActive", "createdAt") values ('Zoe', null, 1, ?)`).run(at(0)).lastInsertRowid,
    );
    audit(id, 'Zoe');
  });
  const result = await runImport(sqlite, task([`${at(1)},Zoe,Lucky,Purchase,1,0,-1`], true), { gate });
  // Checked first with Zoe missing (to create); Zoe was created before the write, so the second check finds her.
  expect(result).toMatchObject({ committed: true, valid: 1, created: { transactions: 1, customers: 0, links: 1 } });
  const zoes = await database.db.selectFrom('customers').select('id').where('name', '=', 'Zoe').execute();
  expect(zoes).toHaveLength(1);
  const row = await database.db.selectFrom('transactions').select('customerId').executeTakeFirstOrThrow();
  expect(row.customerId).toBe(zoes[0].id);
});

it('writes on when the changes meanwhile touch nothing the rows rely on (a walk-in customer)', async () => {
  const sqlite = sqliteOf(database.db);
  const gate = racingGate(5, (call) => {
    const id = Number(
      sqlite.prepare(`insert into customers (name, email, "isActive", "createdAt") values (?, null, 1, ?)`).run(`Walk-in ${call}`, at(0))
        .lastInsertRowid,
    );
    audit(id, `Walk-in ${call}`);
  });
  expect(await runImport(sqlite, task([`${at(1)},Alice,Lucky,Purchase,1,0,-1`]), { gate })).toMatchObject({ committed: true, valid: 1 });
});

it('answers 409 when a name the rows rely on changes again during the second check, and writes nothing', async () => {
  const sqlite = sqliteOf(database.db);
  // Alice's email changes before each of the two attempts' first write.
  const gate = racingGate(2, (call) => {
    sqlite.prepare('update customers set email = ? where id = ?').run(`alice${call}@example.com`, pair.customer.id);
    audit(pair.customer.id, 'Alice');
  });
  await expect(runImport(sqlite, task([`${at(1)},Alice,Lucky,Purchase,1,0,-1`]), { gate })).rejects.toMatchObject({
    kind: 'conflict',
    message:
      'Customers, casinos or transaction types changed while the file was checked, twice; nothing was imported. Import the file again.',
  });
  expect(await database.db.selectFrom('transactions').select('id').execute()).toEqual([]);
});

it('never cuts a pair between two rows of the same instant: a row the file holds twice is written twice', async () => {
  const sqlite = sqliteOf(database.db);
  const t = task([]);
  const writer = transactionWriter(sqlite, t, new Date());
  const columns = { date: 0, customer: 1, casino: 2, transactionType: 3, unplayedCoinsChange: 4, playedCoinsChange: 5, usdChange: 6 };
  const row = (i: number) => [at(i), 'Alice', 'Lucky', 'Purchase', '5', '0', '-1'];
  for (const i of [1, 1, 1, 2, 3]) expect(writer.row(row(i), columns)).toBe('valid');
  const write = { actor: { id: null, email: null }, now: new Date() };
  expect(writer.prepare(write, 10)).toBe(true);
  // Batches of one row at most, but the three rows at minute 1 go together.
  const sizes: number[] = [];
  for (const batch of writer.batches(write, () => 1)) sizes.push(sqlite.transaction(batch).immediate().written);
  expect(sizes).toEqual([3, 1, 1]);
  expect(await checkLedger(database.db, 5)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
});
