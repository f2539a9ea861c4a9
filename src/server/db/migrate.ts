import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
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
}

/** True when every known migration has been applied. */
export async function migrationsCurrent(db: AnyDb): Promise<boolean> {
  const list = await migrator(db).getMigrations();
  return list.every((m) => m.executedAt !== undefined);
}
