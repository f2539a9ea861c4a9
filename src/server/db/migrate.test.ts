import { describe, expect, it } from 'vitest';
import { entryOf, pairFixture } from '../testing/fixtures';
import { createTestDatabase } from '../testing/test-db';
import { createEntry } from '../features/transactions/ledger';
import { insertUser } from '../features/users/users.repository';
import { sqliteOf } from './database';
import { migrateToLatest } from './migrate';

// History's page of one customer, as listTransactions asks for its ids.
const CUSTOMER_PAGE = `select "transactions"."id" from "transactions" where "transactions"."customerId" = 1
  order by "transactions"."date" desc, "transactions"."id" desc limit 100 offset 0`;

/** The bench database's statistics for the transactions' indexes that predate migration 0060. */
const BENCH_STATISTICS = [
  ['transactionsPairDate', '1000000 500 13 1 1'],
  ['transactionsDate', '1000000 1 1'],
  ['transactionsCasinoDate', '1000000 20000 1 1'],
  ['transactionsTypeDate', '1000000 4000 1 1 1'],
  ['transactionsCustomerDate', '1000000 500 1'],
  ['transactionsUsd', '1000000 208 1'],
  ['transactionsCasinoUsd', '1000000 20000 40 1'],
];

describe('planner statistics after migrations', () => {
  it('gives an index a migration added to an analyzed table its statistics, so a customer page walks its date index', async () => {
    const { db } = await createTestDatabase();
    const sqlite = sqliteOf(db);
    const pair = await pairFixture(db);
    const user = await insertUser(db, { email: 's@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' });
    for (let i = 0; i < 4; i++) await createEntry(db, entryOf(pair, { unplayedCoinsChange: 100 + i }), { userId: user.id });
    sqlite.exec('analyze');
    // As the bench's database of 1,000,000 entries, analyzed before migration 0060, was after it ran: the
    // other indexes' statistics at that scale (500 entries a customer), none for the new one.
    sqlite.exec(`delete from sqlite_stat1 where tbl = 'transactions'`);
    const insert = sqlite.prepare(`insert into sqlite_stat1 (tbl, idx, stat) values ('transactions', ?, ?)`);
    for (const [index, stat] of BENCH_STATISTICS) insert.run(index, stat);
    sqlite.exec('analyze sqlite_schema');
    // (On the bench's database this made each customer's History page sort that customer's rows.)

    await migrateToLatest(db);

    const stat = sqlite.prepare<[], { stat: string }>(`select stat from sqlite_stat1 where idx = 'transactionsCustomerUsd'`).get();
    expect(stat?.stat).toBe('4 4 4');
    const plan = sqlite
      .prepare<[], { detail: string }>(`explain query plan ${CUSTOMER_PAGE}`)
      .all()
      .map((r) => r.detail);
    expect(plan).toEqual(['SEARCH transactions USING COVERING INDEX transactionsCustomerDate (customerId=?)']);
  });

  it('analyzes no table that had no statistics', async () => {
    const { db } = await createTestDatabase();
    await migrateToLatest(db);
    expect(sqliteOf(db).prepare(`select count(*) n from sqlite_stat1 where tbl = 'transactions'`).pluck().get()).toBe(0);
  });
});
