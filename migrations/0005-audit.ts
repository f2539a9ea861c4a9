import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
export async function up(db: Kysely<any>): Promise<void> {
  // Every write leaves one entry, in the write's own transaction (decision 031).
  await db.schema
    .createTable('auditLog')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer')
    .addColumn('userEmail', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entityId', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('auditLogEntity').on('auditLog').columns(['entity', 'entityId', 'id']).execute();
  await db.schema.createIndex('auditLogUser').on('auditLog').columns(['userId', 'id']).execute();
  await db.schema.createIndex('auditLogAt').on('auditLog').columns(['at', 'id']).execute();
  // Append-only, enforced by the database itself: nothing may change or remove an entry.
  await sql`create trigger "auditLogNoUpdate" before update on "auditLog" begin select raise(abort, 'The audit log is append-only'); end`.execute(db);
  await sql`create trigger "auditLogNoDelete" before delete on "auditLog" begin select raise(abort, 'The audit log is append-only'); end`.execute(db);

  // A deleted transaction keeps its id, date and values here, so it can be restored.
  await db.schema
    .createTable('deletedTransactions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('customerId', 'integer', (c) => c.notNull())
    .addColumn('casinoId', 'integer', (c) => c.notNull())
    .addColumn('transactionTypeId', 'integer', (c) => c.notNull())
    .addColumn('unplayedCoinsChange', 'integer', (c) => c.notNull())
    .addColumn('playedCoinsChange', 'integer', (c) => c.notNull())
    .addColumn('usdChange', 'integer', (c) => c.notNull())
    .addColumn('purchaseRatio', 'real')
    .addColumn('createdByUserId', 'integer')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('deletedAt', 'text', (c) => c.notNull())
    .addColumn('deletedByUserId', 'integer')
    .execute();
  await db.schema.createIndex('deletedTransactionsDeletedAt').on('deletedTransactions').columns(['deletedAt', 'id']).execute();

  // Reconciliation against the balance the casino shows: when, by whom and what difference was found.
  await db.schema.alterTable('customerCasinos').addColumn('lastReconciledAt', 'text').execute();
  await db.schema.alterTable('customerCasinos').addColumn('lastReconciledByUserId', 'integer').execute();
  await db.schema.alterTable('customerCasinos').addColumn('lastReconciledDifferenceUnplayed', 'integer').execute();
  await db.schema.alterTable('customerCasinos').addColumn('lastReconciledDifferencePlayed', 'integer').execute();
}
