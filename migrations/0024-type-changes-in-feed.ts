import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// The range columns hold each transaction's type for the Transaction types cards over a date range
// (decision 027): an edit of a transaction's type now enters the change feed of migration 0020 too.
const KEEP_CHANGES = 100_000;
const record = sql.raw(`insert into "transactionChanges" ("transactionId") values (new.id);
  delete from "transactionChanges" where "seq" <= last_insert_rowid() - ${KEEP_CHANGES};`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger "transactionChangesUpdate"`.execute(db);
  await sql`create trigger "transactionChangesUpdate" after update of "date", "customerId", "casinoId", "transactionTypeId", "usdChange" on transactions
    begin ${record} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger "transactionChangesUpdate"`.execute(db);
  await sql`create trigger "transactionChangesUpdate" after update of "date", "customerId", "casinoId", "usdChange" on transactions
    begin ${record} end`.execute(db);
}
