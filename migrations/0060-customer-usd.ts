import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// The customer page's all-time purchases and redemptions (decision 180): a customer's negative and positive
// USD changes summed from a covering range of this index, never from a walk over their rows. A casino's
// come from "transactionsCasinoUsd" (casinoId, usdChange, id), already there.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index "transactionsCustomerUsd" on transactions ("customerId", "usdChange")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "transactionsCustomerUsd"`.execute(db);
}
