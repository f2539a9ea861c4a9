import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// One mechanism for kept figures (decision 130): the hour totals, the casinos' balances and the two change
// feeds are written by the ledger's own code (src/server/features/transactions/kept-figures.ts), like the
// day and type totals and the links' balances already were, so the triggers of migrations 0020-0024 go.
// The figures themselves do not change: the same code path writes them in the same transaction.
const TRIGGERS = [
  'hourTotalsInsert',
  'hourTotalsDelete',
  'hourTotalsUpdate',
  'casinoBalancesInsert',
  'casinoBalancesDelete',
  'casinoBalancesUpdate',
  'transactionChangesInsert',
  'transactionChangesDelete',
  'transactionChangesUpdate',
  'linkChangesInsert',
  'linkChangesDelete',
  'linkChangesUpdate',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) await sql`drop trigger ${sql.id(t)}`.execute(db);
}

const KEEP_CHANGES = 100_000;
const trim = (feed: string) => `delete from "${feed}" where "seq" <= last_insert_rowid() - ${KEEP_CHANGES};`;

/** The triggers as migrations 0020-0024 left them. */
export async function down(db: Kysely<any>): Promise<void> {
  const hourAdd = (row: string) => `insert into "hourTotals" values (substr(${row}.date, 1, 13), 1, ${row}."usdChange")
    on conflict ("hour") do update set "transactionCount" = "transactionCount" + 1, "usdTotal" = "usdTotal" + excluded."usdTotal";`;
  const hourRemove = (row: string) => `update "hourTotals" set "transactionCount" = "transactionCount" - 1, "usdTotal" = "usdTotal" - ${row}."usdChange"
    where "hour" = substr(${row}.date, 1, 13);`;
  const plus = (row: string) => `insert into "casinoBalances" values (${row}."casinoId", 1, ${row}."currentUnplayedCoins", ${row}."currentPlayedCoins")
    on conflict ("casinoId") do update set "links" = "links" + 1, "unplayedCoins" = "unplayedCoins" + excluded."unplayedCoins",
      "playedCoins" = "playedCoins" + excluded."playedCoins";`;
  const minus = (row: string) => `update "casinoBalances" set "links" = "links" - 1, "unplayedCoins" = "unplayedCoins" - ${row}."currentUnplayedCoins",
    "playedCoins" = "playedCoins" - ${row}."currentPlayedCoins" where "casinoId" = ${row}."casinoId";`;
  const tx = (id: string) => `insert into "transactionChanges" ("transactionId") values (${id}); ${trim('transactionChanges')}`;
  const link = (row: string, when = '') =>
    `insert into "linkChanges" ("customerId", "casinoId") select ${row}."customerId", ${row}."casinoId" ${when}; ${trim('linkChanges')}`;
  const create = [
    `create trigger "hourTotalsInsert" after insert on transactions begin ${hourAdd('new')} end`,
    `create trigger "hourTotalsDelete" after delete on transactions begin ${hourRemove('old')} end`,
    `create trigger "hourTotalsUpdate" after update of "date", "usdChange" on transactions begin ${hourRemove('old')} ${hourAdd('new')} end`,
    `create trigger "casinoBalancesInsert" after insert on "customerCasinos" begin ${plus('new')} end`,
    `create trigger "casinoBalancesDelete" after delete on "customerCasinos" begin ${minus('old')} end`,
    `create trigger "casinoBalancesUpdate" after update of "casinoId", "currentUnplayedCoins", "currentPlayedCoins" on "customerCasinos"
      begin ${minus('old')} ${plus('new')} end`,
    `create trigger "transactionChangesInsert" after insert on transactions begin ${tx('new.id')} end`,
    `create trigger "transactionChangesDelete" after delete on transactions begin ${tx('old.id')} end`,
    `create trigger "transactionChangesUpdate" after update of "date", "customerId", "casinoId", "transactionTypeId", "usdChange" on transactions
      begin ${tx('new.id')} end`,
    `create trigger "linkChangesInsert" after insert on "customerCasinos" begin ${link('new')} end`,
    `create trigger "linkChangesDelete" after delete on "customerCasinos" begin ${link('old')} end`,
    `create trigger "linkChangesUpdate" after update of "customerId", "casinoId", "currentUnplayedCoins", "currentPlayedCoins" on "customerCasinos"
      begin ${link('old')} ${link('new', 'where new."customerId" <> old."customerId" or new."casinoId" <> old."casinoId"')} end`,
  ];
  for (const statement of create) await sql.raw(statement).execute(db);
}
