import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, SqliteDialect } from 'kysely';
import { createPrivateFile, makePrivateDir, tightenFiles } from './file-modes';
import type { Database, Db } from './types';

export class DatabaseOpenError extends Error {}

export function databaseOpenError(file: string, error: unknown): DatabaseOpenError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseOpenError(
    `Cannot open the database at ${path.resolve(file)}: ${reason}. Check that DATABASE_PATH points into a folder this user can write.`,
  );
}

export interface OpenedDatabase {
  db: Db;
  sqlite: SQLite.Database;
  close: () => Promise<void>;
}

/** The pragmas of design.md section 3, applied to every connection we open. */
export function applyPragmas(sqlite: SQLite.Database): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 8 MB of page cache holds the hot index pages; the OS file cache serves the rest (the office's memory budget).
  sqlite.pragma('cache_size = -8000');
  sqlite.pragma('temp_store = MEMORY');
  // The server's maintenance worker checkpoints every second; this is the fallback (16 MB of WAL).
  sqlite.pragma('wal_autocheckpoint = 4000');
}

/**
 * Kysely prepares every query it runs; better-sqlite3 statements are reusable, so the dialect gets a
 * view of the database that keeps the most recent prepared statements by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

const sqliteOfDb = new WeakMap<Db, SQLite.Database>();

/** The better-sqlite3 connection under a Kysely instance made by openDatabase (for synchronous writes). */
export function sqliteOf(db: Db): SQLite.Database {
  const sqlite = sqliteOfDb.get(db);
  if (!sqlite) throw new Error('This Kysely instance was not made by openDatabase');
  return sqlite;
}

/**
 * A read-only connection to an existing database file, for the read workers (docs/decisions/020): WAL
 * lets it read beside the server's writer; it never writes, so it needs none of the write pragmas.
 */
export function openReadOnly(file: string): { db: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -4000');
  // A sort or DISTINCT over many rows (the ledger check's) spills past the page cache to a temporary file, not
  // to memory: in memory the daily ledger check held about 73 MB of the server's RSS (decision 028).
  sqlite.pragma('temp_store = FILE');
  return { db: kyselyOver(sqlite), sqlite };
}

/** A Kysely instance over an open connection; `log` sees every query (the query-plan check uses it). */
export function kyselyOver(sqlite: SQLite.Database, log?: (event: LogEvent) => void): Db {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), ...(log ? { log } : {}) });
  sqliteOfDb.set(db, sqlite);
  return db;
}

/** Opens (creating folder and file when missing) the SQLite database at `file`, or ':memory:'. */
export function openDatabase(file: string): OpenedDatabase {
  let sqlite: SQLite.Database;
  try {
    if (file !== ':memory:') {
      const folder = path.dirname(path.resolve(file));
      makePrivateDir(folder);
      fs.accessSync(folder, fs.constants.W_OK);
      // SQLite gives the -wal and -shm files the mode of the database file.
      createPrivateFile(file);
      tightenFiles([file, `${file}-wal`, `${file}-shm`]);
    }
    sqlite = new SQLite(file);
    applyPragmas(sqlite);
  } catch (error) {
    throw databaseOpenError(file, error);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteOfDb.set(db, sqlite);
  let closed = false;
  return {
    db,
    sqlite,
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
