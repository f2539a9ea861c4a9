import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { backupName, pruneBackups, writeBackup } from './backup';
import type { Maintenance } from './maintenance';
import { ownPrivateDir } from './file-modes';
import { everyHour } from './hourly';
import { DAY_MS } from '../../shared/dates';

/**
 * Takes a backup into `folder` whenever the newest one is a day old, checking every hour; keeps `keep`.
 * The copy is made by the maintenance worker, so requests are not held up while it runs.
 */
export function scheduleDailyBackups(maintenance: Maintenance, folder: string, keep: number, log: FastifyBaseLogger): () => void {
  if (keep <= 0) return () => {};
  return everyHour(async () => {
    try {
      ownPrivateDir(folder);
      const newest = fs.existsSync(folder)
        ? fs
            .readdirSync(folder)
            .filter((f) => /^app-.*\.db$/.test(f))
            .sort()
            .pop()
        : undefined;
      const age = newest ? Date.now() - fs.statSync(path.join(folder, newest)).mtimeMs : Infinity;
      if (age < DAY_MS) return;
      const file = path.join(folder, backupName());
      await writeBackup(file, (partial) => maintenance.backup(partial));
      const pruned = pruneBackups(folder, keep);
      log.info({ file, pruned: pruned.length }, 'daily backup taken');
    } catch (error) {
      log.error({ err: error }, 'daily backup failed');
    }
  }, 10_000);
}
