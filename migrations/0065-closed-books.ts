import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Closed books (decision 190): every close and reopen is a row; the newest row is the books' state.
// `closedBefore` is the instant the office day after `through` begins (the office time zone at the
// moment of the close), so the ledger's check is one comparison of ISO instants, without a time zone.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bookCloses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('close', 'reopen')`))
    .addColumn('through', 'text')
    .addColumn('closedBefore', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('byUserId', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('note', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bookCloses').execute();
}
