import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Notes on customers and casinos, and attachments (decision 192): a file's bytes live once per SHA-256
// in the database itself, so the backup (one SQLite file) carries them; an attachment names its bytes
// and exactly one owner. A transaction's id is kept without a foreign key: a deleted transaction keeps
// its attachments for a restore.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customerId', 'integer', (c) => c.references('customers.id'))
    .addColumn('casinoId', 'integer', (c) => c.references('casinos.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('createdByUserId', 'integer', (c) => c.notNull().references('users.id'))
    .addCheckConstraint('notesOneOwner', sql`("customerId" is null) + ("casinoId" is null) = 1`)
    .execute();
  await db.schema.createIndex('notesCustomer').on('notes').columns(['customerId', 'id']).where(sql.ref('customerId'), 'is not', null).execute();
  await db.schema.createIndex('notesCasino').on('notes').columns(['casinoId', 'id']).where(sql.ref('casinoId'), 'is not', null).execute();

  await db.schema
    .createTable('attachmentFiles')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('sha256', 'text', (c) => c.notNull().references('attachmentFiles.sha256'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('transactionId', 'integer')
    .addColumn('redemptionId', 'integer', (c) => c.references('redemptions.id'))
    .addColumn('reconciliationId', 'integer', (c) => c.references('reconciliations.id'))
    .addColumn('customerId', 'integer', (c) => c.references('customers.id'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('createdByUserId', 'integer', (c) => c.notNull().references('users.id'))
    .addCheckConstraint(
      'attachmentsOneOwner',
      sql`("transactionId" is not null) + ("redemptionId" is not null) + ("reconciliationId" is not null) + ("customerId" is not null) = 1`,
    )
    .execute();
  for (const owner of ['transactionId', 'redemptionId', 'reconciliationId', 'customerId'])
    await db.schema
      .createIndex(`attachmentsBy${owner[0].toUpperCase()}${owner.slice(1, -2)}`)
      .on('attachments')
      .columns([owner, 'id'])
      .where(sql.ref(owner), 'is not', null)
      .execute();
  await db.schema.createIndex('attachmentsFile').on('attachments').column('sha256').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attachments').execute();
  await db.schema.dropTable('attachmentFiles').execute();
  await db.schema.dropTable('notes').execute();
}
