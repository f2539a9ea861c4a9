import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { backupName, backupTo, verifyDatabaseFile } from '../db/backup';
import { ownPrivateDir, PRIVATE_FILE } from '../db/file-modes';
import { DatabaseLockedError, type DatabaseLock, lockDatabase } from '../db/server-lock';
import { fail, loadCliConfig, reason } from './cli-support';

// `npm run restore -- FILE`: refuses while a server holds the database; copies FILE through SQLite
// (its WAL included) and checks the copy; keeps the current database (its WAL included) in backups/
// through SQLite; then puts the checked copy in its place. Pending migrations are applied at the next start.
const [source, ...extra] = process.argv.slice(2);
if (!source || extra.length) fail('Usage: npm run restore -- FILE', 2);
const config = loadCliConfig();
const target = path.resolve(config.databasePath);
const dataDir = path.dirname(target);

let lock: DatabaseLock;
try {
  lock = lockDatabase(target);
} catch (error) {
  if (error instanceof DatabaseLockedError) fail(`Refusing to restore: ${error.message} Stop it first.`);
  fail(`Refusing to restore: ${reason(error)}`);
}

/** Opens a database file and copies it through SQLite's backup API into `into` (0600). */
async function copyThroughSqlite(file: string, into: string, readonly: boolean): Promise<void> {
  const db = new SQLite(file, { fileMustExist: true, readonly });
  try {
    db.pragma('busy_timeout = 5000');
    await backupTo(db, into, { overwrite: true });
  } finally {
    db.close();
  }
}

try {
  const staged = `${target}.restoring`;
  try {
    await copyThroughSqlite(path.resolve(source), staged, true);
  } catch (error) {
    fail(`Refusing to restore ${source}: cannot read it as a database: ${reason(error)}`);
  }
  const report = await verifyDatabaseFile(staged);
  if (!report.ok) {
    fs.rmSync(staged, { force: true });
    fail(`Refusing to restore ${source}: ${report.problems.join('; ')}`);
  }
  if (fs.existsSync(target)) {
    // Through SQLite, so writes still in app.db-wal (after a crash) are part of the kept copy.
    const keep = path.join(dataDir, 'backups', `pre-restore-${backupName()}`);
    ownPrivateDir(path.dirname(keep));
    try {
      await copyThroughSqlite(target, keep, false);
      console.log(`The database it replaces is kept as ${keep}.`);
    } catch (error) {
      // A damaged database (often why one restores) cannot be copied through SQLite: keep its files as they are.
      const raw = keep.replace(/\.db$/, '-files');
      ownPrivateDir(raw);
      for (const suffix of ['', '-wal', '-shm']) {
        if (fs.existsSync(`${target}${suffix}`))
          fs.copyFileSync(`${target}${suffix}`, path.join(raw, `${path.basename(target)}${suffix}`), fs.constants.COPYFILE_EXCL);
      }
      console.log(`The database it replaces could not be read through SQLite (${reason(error)}); its files are kept in ${raw}.`);
    }
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(staged, target);
  fs.chmodSync(target, PRIVATE_FILE);
  const dir = fs.openSync(dataDir, 'r');
  fs.fsyncSync(dir);
  fs.closeSync(dir);
  console.log(`Restored ${source} to ${target}: integrity ok, ${report.transactions} transactions, ledger invariants hold.`);
} catch (error) {
  fail(`Restore failed: ${reason(error)}`);
} finally {
  lock.release();
}
