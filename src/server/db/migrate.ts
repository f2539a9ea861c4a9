import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
type AnyDb = Kysely<any>;
import { migrations } from '../../../migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function migrator(db: AnyDb): Migrator {
  // Numbers are handed out per branch (0003 scale, 0005 audit, ...): a database that already ran a later
  // one still gets an earlier one that landed after it. Each migration stands alone, so order between them is free.
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: AnyDb): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  await statisticsForEveryIndex(db);
}

/**
 * A database with planner statistics (seed:bulk runs ANALYZE; an office may too) gets them for every
 * index a migration added to a table it has them for. SQLite takes an index without statistics for a
 * very selective one: the customer's USD index (migration 0060) looked better than the customer's
 * date index to History's customer pages and made each one sort that customer's rows, 2.3 ms instead of
 * 0.9 (decision 193). Checked at every start: one query when nothing is missing.
 */
async function statisticsForEveryIndex(db: AnyDb): Promise<void> {
  const { rows: tables } = await sql<{ n: number }>`select count(*) n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(tables[0]?.n) === 0) return;
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'index' and sql is not null
      and tbl_name in (select tbl from sqlite_stat1)
      and name not in (select idx from sqlite_stat1 where idx is not null)`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.id(name)}`.execute(db);
}

/** True when every known migration has been applied. */
export async function migrationsCurrent(db: AnyDb): Promise<boolean> {
  const list = await migrator(db).getMigrations();
  return list.every((m) => m.executedAt !== undefined);
}
