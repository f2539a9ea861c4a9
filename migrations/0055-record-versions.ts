import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Every record an Edit dialog changes carries a version that grows with each change of what the dialog
// edits (decision 151), bumped here by the database so that every write path (the ledger, master data,
// imports, seeds) keeps it without knowing of it. A write that names a version compares it inside its
// transaction. Recomputed after-values and balances are not edits: they do not bump it.
const EDITED: [table: string, key: string, columns: string[]][] = [
  ['transactions', 'id', ['date', 'customerId', 'casinoId', 'transactionTypeId', 'unplayedCoinsChange', 'playedCoinsChange', 'usdChange']],
  ['customers', 'id', ['name', 'email', 'isActive']],
  ['casinos', 'id', ['name', 'website', 'isActive', 'scRatio']],
  ['transactionTypes', 'id', ['name', 'casinoId']],
  ['customerCasinos', 'pair', ['status']],
];

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
const match = (key: string) => (key === 'pair' ? `"customerId" = new."customerId" and "casinoId" = new."casinoId"` : `id = new.id`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, key, columns] of EDITED) {
    await sql`alter table ${sql.table(table)} add column version integer not null default 1`.execute(db);
    await sql`create trigger ${sql.id(`${table}Version`)} after update of ${sql.raw(quoted(columns))} on ${sql.table(table)}
      begin update ${sql.table(table)} set version = old.version + 1 where ${sql.raw(match(key))}; end`.execute(db);
  }
  // A restored transaction comes back past every version it had: its audit entries (create, each edit,
  // the delete) outnumber them.
  await sql`create trigger "transactionsRestoredVersion" after insert on transactions
    when exists (select 1 from "deletedTransactions" where id = new.id)
    begin update transactions set version = 1 + (select count(*) from "auditLog" where entity = 'transaction' and "entityId" = new.id)
      where id = new.id; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger "transactionsRestoredVersion"`.execute(db);
  for (const [table] of EDITED) {
    await sql`drop trigger ${sql.id(`${table}Version`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column version`.execute(db);
  }
}
