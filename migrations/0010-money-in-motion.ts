import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Money in motion (docs/decisions/060): redemptions in transit and the daily check-in board.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redemptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customerId', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('casinoId', 'integer', (c) => c.notNull().references('casinos.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'received', 'rejected', 'cancelled')`))
    .addColumn('requestedAt', 'text', (c) => c.notNull())
    .addColumn('requestedByUserId', 'integer')
    .addColumn('unplayedCoins', 'integer', (c) => c.notNull())
    .addColumn('playedCoins', 'integer', (c) => c.notNull())
    .addColumn('expectedUsd', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    // The finishing step: received (with the USD and when), rejected or cancelled; by whom and when it was recorded.
    .addColumn('receivedAt', 'text')
    .addColumn('usdReceived', 'integer')
    .addColumn('finishedAt', 'text')
    .addColumn('finishedByUserId', 'integer')
    .addColumn('finishNote', 'text')
    // The ledger entries of each step: the request (coins out), the receipt (USD in), the reversal (coins back).
    .addColumn('requestTransactionId', 'integer', (c) => c.notNull())
    .addColumn('receiptTransactionId', 'integer')
    .addColumn('reversalTransactionId', 'integer')
    .execute();
  await db.schema.createIndex('redemptionsStatus').on('redemptions').columns(['status', 'requestedAt', 'id']).execute();
  await db.schema.createIndex('redemptionsCustomer').on('redemptions').columns(['customerId', 'status', 'requestedAt']).execute();
  await db.schema.createIndex('redemptionsCasino').on('redemptions').columns(['casinoId', 'status', 'receivedAt']).execute();

  // One row per link and office day with a check-in: kept by the check-in step in its own transaction,
  // with the streak (consecutive days up to this one), so the board never scans transactions.
  await sql`create table "checkIns" (
    "customerId" integer not null, "casinoId" integer not null, "day" text not null,
    "count" integer not null, "unplayedCoins" integer not null, "transactionId" integer not null,
    "at" text not null, "byUserId" integer, "streak" integer not null,
    primary key ("customerId", "casinoId", "day")) without rowid`.execute(db);
  await sql`create index "checkInsDay" on "checkIns" ("day", "customerId", "casinoId")`.execute(db);
  // Each link's latest check-in day and the streak that ends on it (sorting the board by streak or last check-in).
  await db.schema.alterTable('customerCasinos').addColumn('lastCheckInDay', 'text').execute();
  await db.schema.alterTable('customerCasinos').addColumn('lastCheckInAt', 'text').execute();
  await db.schema.alterTable('customerCasinos').addColumn('checkInStreak', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['checkInStreak', 'lastCheckInAt', 'lastCheckInDay']) await db.schema.alterTable('customerCasinos').dropColumn(column).execute();
  await db.schema.dropTable('checkIns').execute();
  await db.schema.dropTable('redemptions').execute();
}
