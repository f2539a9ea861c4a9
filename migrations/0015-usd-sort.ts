import type { Kysely } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
export async function up(db: Kysely<any>): Promise<void> {
  // History and the Recent panel sort by USD change (decision 044): walked in order with no filter, or
  // with a casino alone, so a page stops after its rows instead of sorting every transaction.
  await db.schema.createIndex('transactionsUsd').on('transactions').columns(['usdChange', 'id']).execute();
  await db.schema.createIndex('transactionsCasinoUsd').on('transactions').columns(['casinoId', 'usdChange', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactionsCasinoUsd').execute();
  await db.schema.dropIndex('transactionsUsd').execute();
}
