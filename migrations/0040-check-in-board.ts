import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// The check-in board at size (docs/decisions/061): each link carries whether it is on the board (an
// active link of an active customer at an active casino) and its customer's and casino's names, kept by
// triggers in the writing transaction whatever writes them, so every sort of the board walks an index;
// and the office time zone the kept check-in days were computed in.
const onBoard = (customerId: string, casinoId: string) =>
  `(select l.status = 'active' and c."isActive" = 1 and k."isActive" = 1 from "customerCasinos" l, customers c, casinos k
     where l."customerId" = ${customerId} and l."casinoId" = ${casinoId} and c.id = l."customerId" and k.id = l."casinoId")`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table "checkInZone" ("id" integer primary key check ("id" = 1), "timeZone" text not null)`.execute(db);
  await db.schema.alterTable('customerCasinos').addColumn('onBoard', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('customerCasinos').addColumn('customerName', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('customerCasinos').addColumn('casinoName', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update "customerCasinos" set
    "customerName" = (select name from customers c where c.id = "customerCasinos"."customerId"),
    "casinoName" = (select name from casinos k where k.id = "customerCasinos"."casinoId"),
    "onBoard" = coalesce(${sql.raw(onBoard('"customerCasinos"."customerId"', '"customerCasinos"."casinoId"'))}, 0)`.execute(db);

  const refreshLink = `update "customerCasinos" set
      "customerName" = (select name from customers where id = new."customerId"),
      "casinoName" = (select name from casinos where id = new."casinoId"),
      "onBoard" = coalesce(${onBoard('new."customerId"', 'new."casinoId"')}, 0)
    where "customerId" = new."customerId" and "casinoId" = new."casinoId";`;
  await sql`create trigger "boardLinkInsert" after insert on "customerCasinos" begin ${sql.raw(refreshLink)} end`.execute(db);
  await sql`create trigger "boardLinkStatus" after update of status on "customerCasinos" begin ${sql.raw(refreshLink)} end`.execute(db);
  await sql`create trigger "boardCustomer" after update of name, "isActive" on customers begin
    update "customerCasinos" set "customerName" = new.name,
      "onBoard" = (status = 'active' and new."isActive" = 1 and (select "isActive" from casinos where id = "casinoId") = 1)
    where "customerId" = new.id;
  end`.execute(db);
  await sql`create trigger "boardCasino" after update of name, "isActive" on casinos begin
    update "customerCasinos" set "casinoName" = new.name,
      "onBoard" = (status = 'active' and new."isActive" = 1 and (select "isActive" from customers where id = "customerId") = 1)
    where "casinoId" = new.id;
  end`.execute(db);

  // M of the board's "N of M": the links on the board per casino, kept by the same triggers' changes.
  await sql`create table "boardCounts" ("casinoId" integer primary key, "links" integer not null)`.execute(db);
  await sql`insert into "boardCounts" select "casinoId", sum("onBoard") from "customerCasinos" group by "casinoId"`.execute(db);
  const count = (casinoId: string, change: string) =>
    sql.raw(`insert into "boardCounts" ("casinoId", links) values (${casinoId}, ${change}) on conflict ("casinoId") do update set links = links + excluded.links;`);
  await sql`create trigger "boardCountInsert" after insert on "customerCasinos" begin ${count('new."casinoId"', 'new."onBoard"')} end`.execute(db);
  await sql`create trigger "boardCountUpdate" after update of "onBoard" on "customerCasinos" when old."onBoard" <> new."onBoard" begin
    ${count('new."casinoId"', 'new."onBoard" - old."onBoard"')} end`.execute(db);
  await sql`create trigger "boardCountDelete" after delete on "customerCasinos" begin ${count('old."casinoId"', '-old."onBoard"')} end`.execute(db);

  // One index per sort of the board, over the links on it only.
  const partial = sql`where "onBoard" = 1`;
  await sql`create index "boardByCustomer" on "customerCasinos" ("customerName", "customerId", "casinoName", "casinoId", "lastCheckInDay") ${partial}`.execute(db);
  await sql`create index "boardByCasino" on "customerCasinos" ("casinoName", "casinoId", "customerName", "customerId") ${partial}`.execute(db);
  await sql`create index "boardByLast" on "customerCasinos" ("lastCheckInAt", "customerName", "customerId", "casinoName", "casinoId") ${partial}`.execute(db);
  // The links whose streak is still running (checked in today or yesterday), and one casino's links by customer or last check-in.
  await sql`create index "boardByDay" on "customerCasinos" ("lastCheckInDay", "checkInStreak", "customerName", "customerId", "casinoName", "casinoId") ${partial}`.execute(db);
  await sql`create index "boardCasinoCustomer" on "customerCasinos" ("casinoId", "customerName", "customerId", "lastCheckInDay") ${partial}`.execute(db);
  await sql`create index "boardCasinoLast" on "customerCasinos" ("casinoId", "lastCheckInAt", "customerName", "customerId") ${partial}`.execute(db);
  // The day's check-ins of one casino (the board filtered by casino, and its count).
  await sql`create index "checkInsDayCasino" on "checkIns" ("day", "casinoId", "customerId")`.execute(db);
  // The Redemptions list of every status, newest first.
  await sql`create index "redemptionsRequested" on redemptions ("requestedAt", id)`.execute(db);
  // The redemption of a transaction (History refuses to edit or delete one: decision 061).
  for (const column of ['requestTransactionId', 'receiptTransactionId', 'reversalTransactionId']) {
    await sql`create index ${sql.id(`redemptions_${column}`)} on redemptions (${sql.id(column)})`.execute(db);
  }
  // Each casino's days to pay (the list's overdue marks, the report) read on the index alone.
  await sql`drop index "redemptionsCasino"`.execute(db);
  await sql`create index "redemptionsCasino" on redemptions ("casinoId", status, "receivedAt", "requestedAt")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "redemptionsCasino"`.execute(db);
  await sql`create index "redemptionsCasino" on redemptions ("casinoId", status, "receivedAt")`.execute(db);
  for (const column of ['requestTransactionId', 'receiptTransactionId', 'reversalTransactionId']) await sql`drop index ${sql.id(`redemptions_${column}`)}`.execute(db);
  await sql`drop index "redemptionsRequested"`.execute(db);
  await sql`drop index "checkInsDayCasino"`.execute(db);
  for (const index of ['boardCasinoLast', 'boardCasinoCustomer', 'boardByDay', 'boardByLast', 'boardByCasino', 'boardByCustomer']) await sql`drop index ${sql.id(index)}`.execute(db);
  for (const trigger of ['boardCountDelete', 'boardCountUpdate', 'boardCountInsert', 'boardCasino', 'boardCustomer', 'boardLinkStatus', 'boardLinkInsert']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.dropTable('boardCounts').execute();
  for (const column of ['casinoName', 'customerName', 'onBoard']) await db.schema.alterTable('customerCasinos').dropColumn(column).execute();
  await db.schema.dropTable('checkInZone').execute();
}
