import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Totals the ledger keeps in the same SQLite transaction as each write (docs/decisions/021), and the
// indexes the screens' queries walk instead of scanning transactions.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table "dayTotals" (
    "day" text primary key, "transactionCount" integer not null, "usdTotal" integer not null) without rowid`.execute(db);
  await sql`create table "dayTypeTotals" (
    "day" text not null, "transactionTypeId" integer not null, "transactionCount" integer not null, "usdTotal" integer not null,
    primary key ("day", "transactionTypeId")) without rowid`.execute(db);
  await sql`create table "typeTotals" (
    "transactionTypeId" integer primary key, "transactionCount" integer not null, "usdTotal" integer not null)`.execute(db);
  await sql`insert into "dayTypeTotals" select substr(date, 1, 10), "transactionTypeId", count(*), sum("usdChange")
    from transactions group by 1, 2`.execute(db);
  await sql`insert into "dayTotals" select day, sum("transactionCount"), sum("usdTotal") from "dayTypeTotals" group by day`.execute(db);
  await sql`insert into "typeTotals" select "transactionTypeId", sum("transactionCount"), sum("usdTotal") from "dayTypeTotals" group by 1`.execute(db);
  // A type's rows carry what its report sums, so the report reads the index alone.
  await sql`drop index "transactionsTypeDate"`.execute(db);
  await sql`create index "transactionsTypeDate" on transactions ("transactionTypeId", date, "customerId", "usdChange")`.execute(db);
  // Unique customers over a date range: one seek per customer.
  await sql`create index "transactionsCustomerDate" on transactions ("customerId", date)`.execute(db);
  // High SC: links above a threshold by a range seek.
  await sql`create index "customerCasinosCoins" on "customerCasinos" ("currentUnplayedCoins" + "currentPlayedCoins")`.execute(db);
  // Profitability pages in USD order.
  await sql`create index "customerCasinosUsd" on "customerCasinos" ("usdTotal")`.execute(db);
  // A database with planner statistics (seed:bulk runs ANALYZE) gets them for the new indexes too.
  const { rows } = await sql<{ n: number }>`select count(*) n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(rows[0]?.n) > 0) {
    for (const index of ['transactionsTypeDate', 'transactionsCustomerDate', 'customerCasinosCoins', 'customerCasinosUsd']) await sql`analyze ${sql.id(index)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "customerCasinosUsd"`.execute(db);
  await sql`drop index "customerCasinosCoins"`.execute(db);
  await sql`drop index "transactionsCustomerDate"`.execute(db);
  await sql`drop index "transactionsTypeDate"`.execute(db);
  await sql`create index "transactionsTypeDate" on transactions ("transactionTypeId", date, id)`.execute(db);
  for (const table of ['typeTotals', 'dayTypeTotals', 'dayTotals']) await db.schema.dropTable(table).execute();
}
