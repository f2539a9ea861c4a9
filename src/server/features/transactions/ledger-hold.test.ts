import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestDatabase } from '../../testing/test-db';
import { insertUser } from '../users/users.repository';
import { createEntry, holdLedgerWrites } from './ledger';

// Decision 080: an import's batch holds the ledger's writes; a write that was waiting for a Kysely
// transaction to end when the hold was taken waits for the hold too (it never writes under the batch).
let database: OpenedDatabase;
let pair: Pair;
let userId: number;
beforeEach(async () => {
  database = await createTestDatabase();
  pair = await pairFixture(database.db);
  userId = (await insertUser(database.db, { email: 'h@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' }))
    .id;
});
afterEach(() => database.close());

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

it('keeps a write that waited for a Kysely transaction waiting while a hold taken meanwhile lasts', async () => {
  let endTransaction = () => {};
  const open = database.db.transaction().execute(async (trx) => {
    await trx.selectFrom('customers').select('id').execute();
    await new Promise<void>((resolve) => (endTransaction = resolve));
  });
  await ticks(3);
  let written = false;
  const entry = createEntry(
    database.db,
    {
      customerId: pair.customer.id,
      casinoId: pair.casino.id,
      transactionTypeId: pair.type.id,
      unplayedCoinsChange: 500,
      playedCoinsChange: 0,
      usdChange: -5,
    },
    { userId },
  ).then(() => (written = true));
  await ticks(3);
  const release = holdLedgerWrites(database.db);
  endTransaction();
  await open;
  await ticks(10);
  expect(written).toBe(false);
  release();
  await entry;
  expect(written).toBe(true);
});
