import { spawnServer } from '../../src/server/testing/spawn-server';

/**
 * An office's server has opened its database before: the first start on a copy made by an older version
 * (its migrations, an index built over a million rows, the check-in days rebuilt) is an upgrade's
 * one-off work, not the office's, and the memory it took stays with that process. The built server
 * starts once on the copy and stops; the bench then starts the one it measures.
 */
export async function startOnceBefore(env: Record<string, string>): Promise<void> {
  const first = await spawnServer(env, 'dist/server/main.mjs', 'inherit');
  first.child.kill('SIGTERM');
  await first.exited;
}

/** The bench's admin, as seed:bulk makes it. */
export const BENCH_ADMIN = { email: 'admin@example.com', password: 'Bench1234' };

/** The server's environment on a bench copy: any port, UTC, no daily backup, warnings only. */
export const benchServerEnv = (databasePath: string): Record<string, string> => ({
  DATABASE_PATH: databasePath,
  PORT: '0',
  LOG_LEVEL: 'warn',
  TZ: 'UTC',
  BACKUP_KEEP: '0',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
});
