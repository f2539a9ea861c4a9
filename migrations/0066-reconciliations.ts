import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Reconciliations that stay true (decision 191): each reconciliation keeps what the casino reported and
// the ledger's balance at that moment. The ledger's own code keeps the second exact in each write's own
// transaction (kept-figures.ts, decision 130), so a reconciliation is broken exactly while the two
// differ, found by an index and never by a scan of transactions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reconciliations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customerId', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('casinoId', 'integer', (c) => c.notNull().references('casinos.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('byUserId', 'integer', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .addColumn('recordedUnplayed', 'integer', (c) => c.notNull())
    .addColumn('recordedPlayed', 'integer', (c) => c.notNull())
    .addColumn('ledgerUnplayed', 'integer', (c) => c.notNull())
    .addColumn('ledgerPlayed', 'integer', (c) => c.notNull())
    .addColumn('broken', 'integer', (c) =>
      c.generatedAlwaysAs(sql`"ledgerUnplayed" != "recordedUnplayed" or "ledgerPlayed" != "recordedPlayed"`).stored(),
    )
    .execute();
  await db.schema.createIndex('reconciliationsPair').on('reconciliations').columns(['customerId', 'casinoId', 'at']).execute();
  await db.schema.createIndex('reconciliationsBroken').on('reconciliations').columns(['broken', 'at']).execute();

  // The reconciliations made before this table: the audit trail kept what the casino reported and when;
  // the ledger's balance at that moment is read from the pair's after-values as they stand now.
  const entries = await sql<{ at: string; userId: number | null; after: string }>`
    select at, "userId", after from "auditLog" where action = 'reconcile' and entity = 'link' order by id`.execute(db);
  for (const e of entries.rows) {
    const after: unknown = JSON.parse(e.after);
    if (typeof after !== 'object' || after === null) continue;
    const v = after as Record<string, unknown>;
    const unplayed = hundredths(v.unplayedCoins);
    const played = hundredths(v.playedCoins);
    if (typeof v.customerId !== 'number' || typeof v.casinoId !== 'number' || unplayed === null || played === null) continue;
    const last = await sql<{ u: number; p: number }>`
      select "unplayedCoinsAfter" u, "playedCoinsAfter" p from transactions
      where "customerId" = ${v.customerId} and "casinoId" = ${v.casinoId} and date <= ${e.at}
      order by date desc, id desc limit 1`.execute(db);
    await sql`insert into reconciliations ("customerId", "casinoId", at, "byUserId", note, "recordedUnplayed", "recordedPlayed", "ledgerUnplayed", "ledgerPlayed")
      values (${v.customerId}, ${v.casinoId}, ${e.at}, ${e.userId}, ${typeof v.note === 'string' ? v.note : null},
        ${unplayed}, ${played}, ${last.rows[0]?.u ?? 0}, ${last.rows[0]?.p ?? 0})`.execute(db);
  }
}

/** "-12.50" as -1250 hundredths, exactly (the audit wrote what formatHundredths gave), or null. */
function hundredths(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!m) return null;
  const n = Number(m[2]) * 100 + Number(m[3]);
  return m[1] === '-' ? -n : n;
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reconciliations').execute();
}
