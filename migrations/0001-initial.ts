import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('firstName', 'text')
    .addColumn('lastName', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('staff').check(sql`role in ('admin', 'staff')`))
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('tokenVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('passwordResetTokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passwordResetTokensUser').on('passwordResetTokens').column('userId').execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customersName').on('customers').columns(['name', 'id']).execute();

  await db.schema
    .createTable('casinos')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('scRatio', 'integer', (c) => c.notNull().defaultTo(1000).check(sql`"scRatio" > 0`))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('casinosName').on('casinos').columns(['name', 'id']).execute();

  await db.schema
    .createTable('customerCasinos')
    .addColumn('customerId', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('casinoId', 'integer', (c) => c.notNull().references('casinos.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('inactive').check(sql`status in ('active', 'inactive', 'banned', 'locked')`),
    )
    .addColumn('currentUnplayedCoins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currentPlayedCoins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usdTotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transactionCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('customerCasinosPk', ['customerId', 'casinoId'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await db.schema.createIndex('customerCasinosCasino').on('customerCasinos').columns(['casinoId', 'customerId']).execute();

  await db.schema
    .createTable('transactionTypes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('casinoId', 'integer', (c) => c.notNull().references('casinos.id'))
    .execute();
  await sql`create unique index "transactionTypesCasinoName" on "transactionTypes" ("casinoId", "name" collate nocase)`.execute(db);

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('customerId', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('casinoId', 'integer', (c) => c.notNull().references('casinos.id'))
    .addColumn('transactionTypeId', 'integer', (c) => c.notNull().references('transactionTypes.id'))
    .addColumn('unplayedCoinsChange', 'integer', (c) => c.notNull())
    .addColumn('playedCoinsChange', 'integer', (c) => c.notNull())
    .addColumn('usdChange', 'integer', (c) => c.notNull())
    .addColumn('purchaseRatio', 'real')
    .addColumn('unplayedCoinsAfter', 'integer', (c) => c.notNull())
    .addColumn('playedCoinsAfter', 'integer', (c) => c.notNull())
    .addColumn('totalCoinsAfter', 'integer', (c) => c.notNull())
    .addColumn('createdByUserId', 'integer', (c) => c.references('users.id'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('transactionsLink', ['customerId', 'casinoId'], 'customerCasinos', ['customerId', 'casinoId'])
    .execute();
  // The ledger walks a pair in (date, id) order; the screens filter by each key and sort newest first.
  await db.schema.createIndex('transactionsPairDate').on('transactions').columns(['customerId', 'casinoId', 'date', 'id']).execute();
  await db.schema.createIndex('transactionsDate').on('transactions').columns(['date', 'id']).execute();
  await db.schema.createIndex('transactionsCasinoDate').on('transactions').columns(['casinoId', 'date', 'id']).execute();
  await db.schema.createIndex('transactionsTypeDate').on('transactions').columns(['transactionTypeId', 'date', 'id']).execute();

  await db.schema
    .createTable('idempotencyKeys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('requestHash', 'text', (c) => c.notNull())
    .addColumn('transactionId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotencyKeys', 'transactions', 'transactionTypes', 'customerCasinos', 'casinos', 'customers', 'passwordResetTokens', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
