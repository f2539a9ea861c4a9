import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// The Dashboard's two charts from kept totals (decision 025), written by triggers in the writing
// transaction itself, so no write path (ledger, import, seed) can forget them:
// - hourTotals: count and USD per UTC hour of the transactions' dates, so any office day (a whole number
//   of hours in every zone with a whole-hour offset) is a sum of 24 or so rows;
// - casinoBalances: each casino's number of links and the sum of their balances.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table "hourTotals" (
    "hour" text primary key, "transactionCount" integer not null, "usdTotal" integer not null) without rowid`.execute(db);
  await sql`insert into "hourTotals" select substr(date, 1, 13), count(*), sum("usdChange") from transactions group by 1`.execute(db);
  const add = (row: string) =>
    sql.raw(`insert into "hourTotals" values (substr(${row}.date, 1, 13), 1, ${row}."usdChange")
      on conflict ("hour") do update set "transactionCount" = "transactionCount" + 1, "usdTotal" = "usdTotal" + excluded."usdTotal";`);
  const remove = (row: string) =>
    sql.raw(`update "hourTotals" set "transactionCount" = "transactionCount" - 1, "usdTotal" = "usdTotal" - ${row}."usdChange"
      where "hour" = substr(${row}.date, 1, 13);`);
  await sql`create trigger "hourTotalsInsert" after insert on transactions begin ${add('new')} end`.execute(db);
  await sql`create trigger "hourTotalsDelete" after delete on transactions begin ${remove('old')} end`.execute(db);
  await sql`create trigger "hourTotalsUpdate" after update of "date", "usdChange" on transactions begin ${remove('old')} ${add('new')} end`.execute(db);

  await sql`create table "casinoBalances" (
    "casinoId" integer primary key, "links" integer not null, "unplayedCoins" integer not null, "playedCoins" integer not null)`.execute(db);
  await sql`insert into "casinoBalances" select "casinoId", count(*), sum("currentUnplayedCoins"), sum("currentPlayedCoins") from "customerCasinos" group by 1`.execute(db);
  const plus = (row: string) =>
    sql.raw(`insert into "casinoBalances" values (${row}."casinoId", 1, ${row}."currentUnplayedCoins", ${row}."currentPlayedCoins")
      on conflict ("casinoId") do update set "links" = "links" + 1, "unplayedCoins" = "unplayedCoins" + excluded."unplayedCoins",
        "playedCoins" = "playedCoins" + excluded."playedCoins";`);
  const minus = (row: string) =>
    sql.raw(`update "casinoBalances" set "links" = "links" - 1, "unplayedCoins" = "unplayedCoins" - ${row}."currentUnplayedCoins",
      "playedCoins" = "playedCoins" - ${row}."currentPlayedCoins" where "casinoId" = ${row}."casinoId";`);
  await sql`create trigger "casinoBalancesInsert" after insert on "customerCasinos" begin ${plus('new')} end`.execute(db);
  await sql`create trigger "casinoBalancesDelete" after delete on "customerCasinos" begin ${minus('old')} end`.execute(db);
  await sql`create trigger "casinoBalancesUpdate" after update of "casinoId", "currentUnplayedCoins", "currentPlayedCoins" on "customerCasinos"
    begin ${minus('old')} ${plus('new')} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['casinoBalancesUpdate', 'casinoBalancesDelete', 'casinoBalancesInsert', 'hourTotalsUpdate', 'hourTotalsDelete', 'hourTotalsInsert']) {
    await sql`drop trigger ${sql.id(t)}`.execute(db);
  }
  await db.schema.dropTable('casinoBalances').execute();
  await db.schema.dropTable('hourTotals').execute();
}
