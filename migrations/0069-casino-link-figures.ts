import type { Kysely } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// A casino's links carry their figures in the casino index (decision 213): Profitability by casino (its
// cards and its rows sorted by USD) and the casino page read each of a casino's 1,600 links' rows for them.
// The index already changes with every entry (its transaction count), so the figures cost writes nothing
// more. Its planner statistics come from the start-up step that analyzes new indexes (decision 193).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customerCasinosCasino').execute();
  await db.schema
    .createIndex('customerCasinosCasino')
    .on('customerCasinos')
    .columns(['casinoId', 'customerId', 'transactionCount', 'usdTotal', 'currentUnplayedCoins', 'currentPlayedCoins', 'status', 'lastActivityAt'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customerCasinosCasino').execute();
  await db.schema.createIndex('customerCasinosCasino').on('customerCasinos').columns(['casinoId', 'customerId', 'transactionCount']).execute();
}
