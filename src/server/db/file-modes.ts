import fs from 'node:fs';

/**
 * Who may read what the app keeps (decision 014): every file it writes is 0600 and every folder it
 * creates 0700, so other users of the machine cannot read the ledger, its WAL, backups or mails.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Creates a folder (and its missing parents) as 0700; an existing folder is left as it is. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

/** A folder the app owns by name (backups/, outbox/): created 0700, tightened when older versions left it open. */
export function ownPrivateDir(dir: string): void {
  makePrivateDir(dir);
  if ((fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, PRIVATE_DIR);
}

/** Creates an empty file as 0600 when missing, so whatever opens it next (SQLite) inherits the mode. */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
}

/** Tightens existing files to 0600 (a database and its WAL made by an older version were 0644). */
export function tightenFiles(files: string[]): void {
  for (const file of files) {
    try {
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE);
    } catch {
      // not there
    }
  }
}

/** True when users other than the owner can enter or read the folder. */
export const openToOthers = (dir: string): boolean => (fs.statSync(dir).mode & 0o077) !== 0;
