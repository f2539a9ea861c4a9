import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// A feed of changed customer-casino links (decision 026): the read threads keep every link's balance in
// memory for the High SC cards and follow this feed. Written by triggers in the writing transaction
// itself, so no write path (ledger, merge, import, rebuild) can forget it; the newest KEEP_CHANGES
// entries are kept (a reader further behind reads every link again).
const KEEP_CHANGES = 100_000;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table "linkChanges" ("seq" integer primary key autoincrement, "customerId" integer not null, "casinoId" integer not null)`.execute(db);
  const record = (row: string, when = '') =>
    sql.raw(`insert into "linkChanges" ("customerId", "casinoId") select ${row}."customerId", ${row}."casinoId" ${when};
      delete from "linkChanges" where "seq" <= last_insert_rowid() - ${KEEP_CHANGES};`);
  await sql`create trigger "linkChangesInsert" after insert on "customerCasinos" begin ${record('new')} end`.execute(db);
  await sql`create trigger "linkChangesDelete" after delete on "customerCasinos" begin ${record('old')} end`.execute(db);
  await sql`create trigger "linkChangesUpdate" after update of "customerId", "casinoId", "currentUnplayedCoins", "currentPlayedCoins" on "customerCasinos"
    begin ${record('old')} ${record('new', 'where new."customerId" <> old."customerId" or new."casinoId" <> old."casinoId"')} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['linkChangesUpdate', 'linkChangesDelete', 'linkChangesInsert']) await sql`drop trigger ${sql.id(t)}`.execute(db);
  await db.schema.dropTable('linkChanges').execute();
}
