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
