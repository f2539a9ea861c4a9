import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Accounts an office can trust (docs/decisions/100 to 104): users can be deactivated, sign-ins live as
// server-side sessions, a second step (TOTP) with hashed recovery codes, personal API tokens, and an
// access log of every authentication event that nothing may change or delete before it is 400 days old.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // The TOTP secret (base32) while it is being set up or once it is on; enabledAt says which.
  await db.schema.alterTable('users').addColumn('twoFactorSecret', 'text').execute();
  await db.schema.alterTable('users').addColumn('twoFactorEnabledAt', 'text').execute();
  // The 30 s time step of the last code accepted: a code of that step or an earlier one is refused (a replay).
  await db.schema.alterTable('users').addColumn('twoFactorLastStep', 'integer').execute();

  // One row per sign-in; the token names the row, so deleting it ends the token (decision 101).
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('lastSeenAt', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('userAgent', 'text', (c) => c.notNull())
    // 1 while REQUIRE_TWO_FACTOR holds the sign-in to setting up its second step.
    .addColumn('setupOnly', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sessionsUser').on('sessions').columns(['userId', 'id']).execute();

  await db.schema
    .createTable('recoveryCodes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .execute();
  await db.schema.createIndex('recoveryCodesUser').on('recoveryCodes').columns(['userId', 'codeHash']).execute();

  await db.schema
    .createTable('apiTokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('lastUsedAt', 'text')
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('apiTokensUser').on('apiTokens').columns(['userId', 'id']).execute();

  await db.schema
    .createTable('accessLog')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer')
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('accessLogAt').on('accessLog').columns(['at', 'id']).execute();
  await db.schema.createIndex('accessLogUser').on('accessLog').columns(['userId', 'id']).execute();
  await db.schema.createIndex('accessLogKind').on('accessLog').columns(['kind', 'id']).execute();
  // Enforced by the database itself: no entry may change, and none may go before it is 400 days old.
  await sql`create trigger "accessLogNoUpdate" before update on "accessLog" begin select raise(abort, 'The access log cannot be changed'); end`.execute(
    db,
  );
  await sql`create trigger "accessLogKept" before delete on "accessLog"
    when old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-400 days')
    begin select raise(abort, 'Access log entries are kept for 400 days'); end`.execute(db);
}
