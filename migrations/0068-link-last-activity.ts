import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Each link keeps the date of its latest entry (decision 210), kept by the ledger's own code as its other
// figures are: a casino page with 1,600 linked customers read 1,600 latest entries one seek at a time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customerCasinos').addColumn('lastActivityAt', 'text').execute();
  await sql`update "customerCasinos" set "lastActivityAt" = (select max(t.date) from transactions t
    where t."customerId" = "customerCasinos"."customerId" and t."casinoId" = "customerCasinos"."casinoId")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customerCasinos').dropColumn('lastActivityAt').execute();
}
