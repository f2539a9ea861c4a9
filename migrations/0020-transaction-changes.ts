import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// A feed of changed transaction ids (decision 023): the read threads' per-pair range columns follow it.
// Written by triggers in the writing transaction itself, so no write path can forget it; the newest
// KEEP_CHANGES entries are kept (a reader further behind rebuilds from the transactions).
const KEEP_CHANGES = 100_000;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table "transactionChanges" ("seq" integer primary key autoincrement, "transactionId" integer not null)`.execute(db);
  const record = (id: string) =>
    sql.raw(`insert into "transactionChanges" ("transactionId") values (${id});
      delete from "transactionChanges" where "seq" <= last_insert_rowid() - ${KEEP_CHANGES};`);
  await sql`create trigger "transactionChangesInsert" after insert on transactions begin ${record('new.id')} end`.execute(db);
  await sql`create trigger "transactionChangesDelete" after delete on transactions begin ${record('old.id')} end`.execute(db);
  await sql`create trigger "transactionChangesUpdate" after update of "date", "customerId", "casinoId", "usdChange" on transactions
    begin ${record('new.id')} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['transactionChangesUpdate', 'transactionChangesDelete', 'transactionChangesInsert']) await sql`drop trigger ${sql.id(t)}`.execute(db);
  await db.schema.dropTable('transactionChanges').execute();
}
