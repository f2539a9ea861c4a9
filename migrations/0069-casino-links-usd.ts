import type { Kysely } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// A casino's links carry their USD total in the casino index (decision 213): Profitability by casino (its
// cards and its rows sorted by USD) read each of a casino's 1,600 links' rows for it. The index already
// changes with every entry (its transaction count), so the USD total costs writes nothing more. Its
// planner statistics come from the start-up step that analyzes new indexes (decision 193).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customerCasinosCasino').execute();
  await db.schema
    .createIndex('customerCasinosCasino')
    .on('customerCasinos')
    .columns(['casinoId', 'customerId', 'transactionCount', 'usdTotal'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customerCasinosCasino').execute();
  await db.schema.createIndex('customerCasinosCasino').on('customerCasinos').columns(['casinoId', 'customerId', 'transactionCount']).execute();
}
