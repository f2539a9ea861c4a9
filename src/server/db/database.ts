import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database, Db } from './types';

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
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
}

/** Opens (creating folder and file when missing) the SQLite database at `file`, or ':memory:'. */
export function openDatabase(file: string): OpenedDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  applyPragmas(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
