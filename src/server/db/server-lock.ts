import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseOpenError } from './database';
import { createPrivateFile, makePrivateDir, PRIVATE_FILE } from './file-modes';

/**
 * One process at a time owns a database file (decision 012): the server while it runs, restore and the
 * seeds while they work. The lock is an exclusive SQLite transaction held open on a sidecar file
 * (`app.db.lock`): a POSIX lock the operating system releases when the process ends in any way, a crash
 * or SIGKILL included, so no stale lock is ever left behind. Within one process SQLite tracks its own
 * locks, so a second server in the same process is refused too.
 */
export class DatabaseLockedError extends Error {}

export interface DatabaseLock {
  release(): void;
}

export const lockFile = (databasePath: string) => `${path.resolve(databasePath)}.lock`;

/** The running server writes its pid into the data folder, for people and messages (the lock is what counts). */
export const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Takes the database's lock, or throws DatabaseLockedError (held elsewhere) or DatabaseOpenError (cannot create it). */
export function lockDatabase(databasePath: string): DatabaseLock {
  const file = lockFile(databasePath);
  let lock: SQLite.Database;
  try {
    makePrivateDir(path.dirname(file));
    createPrivateFile(file);
    lock = new SQLite(file);
    lock.pragma('busy_timeout = 0');
  } catch (error) {
    throw databaseOpenError(databasePath, error);
  }
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw databaseOpenError(databasePath, error);
    const pid = serverPid(path.dirname(file));
    const holder = pid ? `a Coin Ledger server (pid ${pid})` : 'another Coin Ledger process (a server, a restore or a seed)';
    throw new DatabaseLockedError(`${path.resolve(databasePath)} is in use by ${holder}.`);
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
}

export function writePid(dataDir: string): void {
  fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`, { mode: PRIVATE_FILE });
}

export function removePid(dataDir: string): void {
  try {
    if (fs.readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid)) fs.rmSync(pidFile(dataDir));
  } catch {
    // already gone
  }
}

function serverPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
