import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed. Later changes go into a new numbered migration.
// Reconciliations that stay true (decision 191): each reconciliation keeps what the casino reported and
// the ledger's balance at that moment. Triggers on transactions keep the second exact in the write's own
// transaction (every path: entries, edits, deletes, restores, imports, steps), so a reconciliation is
// broken exactly while the two differ, found by an index and never by a scan of transactions.
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

  const add = (row: 'new' | 'old', sign: '+' | '-') =>
    sql.raw(`update reconciliations set
        "ledgerUnplayed" = "ledgerUnplayed" ${sign} ${row}."unplayedCoinsChange",
        "ledgerPlayed" = "ledgerPlayed" ${sign} ${row}."playedCoinsChange"
      where "customerId" = ${row}."customerId" and "casinoId" = ${row}."casinoId" and at >= ${row}.date;`);
  await sql`create trigger "reconciliationsOnInsert" after insert on transactions begin ${add('new', '+')} end`.execute(db);
  await sql`create trigger "reconciliationsOnDelete" after delete on transactions begin ${add('old', '-')} end`.execute(db);
  await sql`create trigger "reconciliationsOnUpdate"
    after update of "customerId", "casinoId", date, "unplayedCoinsChange", "playedCoinsChange" on transactions
    begin ${add('old', '-')} ${add('new', '+')} end`.execute(db);

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
  for (const t of ['reconciliationsOnInsert', 'reconciliationsOnDelete', 'reconciliationsOnUpdate'])
    await sql`drop trigger ${sql.id(t)}`.execute(db);
  await db.schema.dropTable('reconciliations').execute();
}
