import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { checkLedger, type InvariantReport, ledgerIsSound } from '../features/transactions/invariants';
import { migrations } from '../../../migrations/index';
import type { Database } from './types';
import { createPrivateFile, makePrivateDir } from './file-modes';
import { schemaDifferences } from './schema-check';

/**
 * A consistent copy of a live database through SQLite's online backup API (never a plain file copy).
 * All pages go in one step: a step copies under one read lock, so writes from other connections
 * cannot make the backup restart again and again.
 */
export function backupTo(sqlite: SQLite.Database, file: string, options: { overwrite?: boolean } = {}): Promise<void> {
  return writeBackup(file, (partial) => sqlite.backup(partial, { progress: () => 0x7fffffff }), options);
}

export class BackupTargetError extends Error {}

/**
 * Writes a backup beside `file` with `copy`, then renames it into place: a half-written copy never has
 * the name. An existing file is replaced only with `overwrite`; something that is not a regular file
 * (a device, a folder) never is. The copy is created 0600.
 */
export async function writeBackup(file: string, copy: (partial: string) => Promise<unknown>, { overwrite = false } = {}): Promise<void> {
  const target = path.resolve(file);
  const existing = fs.statSync(target, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) throw new BackupTargetError(`${target} is not a regular file; give a file path for the backup.`);
  if (existing && !overwrite) throw new BackupTargetError(`${target} already exists; add --force to replace it.`);
  makePrivateDir(path.dirname(target));
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  createPrivateFile(partial);
  try {
    await copy(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, target);
}

export interface VerifyReport {
  ok: boolean;
  integrity: string;
  migrations: { applied: string[]; unknown: string[]; missing: string[] };
  ledger: InvariantReport | null;
  transactions: number;
  problems: string[];
}

/** Checks a database file before it is trusted: integrity_check, known migrations, ledger invariants. */
export async function verifyDatabaseFile(file: string): Promise<VerifyReport> {
  const problems: string[] = [];
  if (!fs.existsSync(file))
    return {
      ok: false,
      integrity: 'missing',
      migrations: { applied: [], unknown: [], missing: [] },
      ledger: null,
      transactions: 0,
      problems: [`${file} does not exist`],
    };
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
    const hasTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    const applied = hasTable
      ? (sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)
      : [];
    const known = Object.keys(migrations);
    const unknown = applied.filter((m) => !known.includes(m));
    const missing = known.filter((m) => !applied.includes(m));
    if (!applied.length) problems.push('not a Coin Ledger database (no migrations applied)');
    if (unknown.length) problems.push(`made by a newer version (unknown migrations: ${unknown.join(', ')})`);
    if (applied.length && !unknown.length && integrity === 'ok') {
      const differences = await schemaDifferences(sqlite, applied[applied.length - 1]);
      if (differences.length) problems.push(`schema differs from what its migrations create: ${differences.join(', ')}`);
    }
    let ledger: InvariantReport | null = null;
    let transactions = 0;
    if (applied.length && !unknown.length && integrity === 'ok') {
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
      ledger = await checkLedger(db);
      if (!ledgerIsSound(ledger)) problems.push(`ledger invariants broken: ${JSON.stringify(ledger)}`);
      transactions = (sqlite.prepare('select count(*) n from transactions').get() as { n: number }).n;
    }
    return { ok: problems.length === 0, integrity, migrations: { applied, unknown, missing }, ledger, transactions, problems };
  } finally {
    sqlite.close();
  }
}

/** Keeps the newest `keep` files of a backups folder (by name, which starts with the time). */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!fs.existsSync(folder)) return [];
  const files = fs
    .readdirSync(folder)
    .filter((f) => /^app-.*\.db$/.test(f))
    .sort();
  const gone = files.slice(0, Math.max(0, files.length - keep));
  for (const f of gone) fs.rmSync(path.join(folder, f), { force: true });
  return gone;
}

export const backupName = (now = new Date()) => `app-${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-')}.db`;
