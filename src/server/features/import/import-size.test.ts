import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OpenedDatabase, sqliteOf } from '../../db/database';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestDatabase, tempDir } from '../../testing/test-db';
import { insertUser } from '../users/users.repository';
import { checkLedger } from '../transactions/invariants';
import { createEntry } from '../transactions/ledger';
import { IMPORT_LIMITS } from './import-limits';
import { runImport } from './import-run';

// Decision 052: a larger import, out of order over many pairs, with copies of stored rows, leaves every
// maintained value exactly what SQLite recomputes from the transactions, each new row audited and attributed.
let database: OpenedDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

it('imports 3,000 rows between 1,200 stored ones over 12 pairs with every maintained value exact', async () => {
  const db = database.db;
  const user = await insertUser(db, { email: 'i@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' });
  const pairs: Pair[] = [];
  for (let i = 0; i < 12; i++) pairs.push(await pairFixture(db, { customerName: `Size ${i}`, casinoName: `Size casino ${i % 4}-${i}` }));
  let seed = 52;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const day = () => new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 300) * 86_400_000 + Math.floor(rand() * 4) * 3_600_000);
  const stored: { p: number; at: Date; unplayed: number; usd: number }[] = [];
  for (let i = 0; i < 1200; i++)
    stored.push({ p: Math.floor(rand() * 12), at: day(), unplayed: Math.round(rand() * 1e6), usd: -Math.round(rand() * 1e4) });
  await Promise.all(
    stored.map(({ p, at, unplayed, usd }) =>
      createEntry(
        db,
        {
          customerId: pairs[p].customer.id,
          casinoId: pairs[p].casino.id,
          transactionTypeId: pairs[p].type.id,
          unplayedCoinsChange: unplayed,
          playedCoinsChange: 3,
          usdChange: usd,
          occurredAt: at.toISOString(),
        },
        { userId: user.id },
      ),
    ),
  );
  const cents = (n: number) => (n / 100).toFixed(2);
  const line = (p: number, at: Date, unplayed: number, usd: number) =>
    `${at.toISOString()},Size ${p},${pairs[p].casino.name},Purchase,${cents(unplayed)},0.03,${cents(usd)}`;
  // 2,950 new rows, and 50 copies of stored ones (skipped).
  const rows = Array.from({ length: 2950 }, () =>
    line(Math.floor(rand() * 12), day(), Math.round(rand() * 1e6), -Math.round(rand() * 1e4)),
  );
  for (let i = 0; i < 50; i++)
    rows.splice(Math.floor(rand() * rows.length), 0, line(stored[i * 7].p, stored[i * 7].at, stored[i * 7].unplayed, stored[i * 7].usd));
  const dir = tempDir();
  const file = path.join(dir, 'in.csv');
  fs.writeFileSync(
    file,
    `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\n${rows.join('\n')}\n`,
  );
  const sqlite = sqliteOf(db);
  const feedBefore = sqlite.prepare<[], { seq: number }>(`select max(seq) seq from "transactionChanges"`).get()!.seq;
  const actor = { id: user.id, email: user.email };
  const task = {
    kind: 'transactions' as const,
    file,
    format: 'csv' as const,
    options: { dryRun: true, createMissing: false, skipInvalid: false, mapping: {} },
    actor,
    importId: 'size',
    failedFile: path.join(dir, 'failed.csv'),
    timeZone: 'UTC',
    limits: IMPORT_LIMITS,
  };
  const dry = await runImport(sqlite, task, undefined, new Date('2026-11-20T12:00:00Z'));
  expect(dry).toMatchObject({ rows: 3000, valid: 2950, invalid: 0, skippedDuplicates: 50, created: { transactions: 2950 } });

  const result = await runImport(
    sqlite,
    { ...task, options: { ...task.options, dryRun: false } },
    undefined,
    new Date('2026-11-20T12:00:00Z'),
  );
  expect(result).toMatchObject({
    committed: true,
    rows: 3000,
    valid: 2950,
    invalid: 0,
    skippedDuplicates: 50,
    created: { transactions: 2950 },
  });
  expect(await checkLedger(db, 5)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  const created = sqlite
    .prepare<[], { id: number; createdByUserId: number }>(
      `select id, "createdByUserId" from transactions where "createdAt" = '2026-11-20T12:00:00.000Z' order by id`,
    )
    .all();
  expect(created).toHaveLength(2950);
  expect(new Set(created.map((r) => r.createdByUserId))).toEqual(new Set([user.id]));
  const audited = sqlite
    .prepare<[], { entityId: number }>(
      `select "entityId" from "auditLog" where action = 'import' and entity = 'transaction' and "userId" = ${user.id} order by "entityId"`,
    )
    .all();
  expect(audited.map((a) => a.entityId)).toEqual(created.map((r) => r.id));
  // The range columns' feed (decision 023) holds every new row.
  const fed = sqlite
    .prepare<[number], { transactionId: number }>(`select "transactionId" from "transactionChanges" where seq > ? order by "transactionId"`)
    .all(feedBefore);
  expect(fed.map((f) => f.transactionId)).toEqual(created.map((r) => r.id));
}, 60_000);
