import type SQLite from 'better-sqlite3';

/** Prepares a statement typed by its parameters and row (the caller picks them from db/types.ts). */
export type Prepare = <P extends unknown[], R>(text: string) => SQLite.Statement<P, R>;

/**
 * Statements prepared once per connection: `prepare` runs on a connection's first use and what it
 * returns is kept for as long as the connection lives (the synchronous write paths: ledger, steps, audit).
 */
export function perConnection<T>(prepare: (q: Prepare, sqlite: SQLite.Database) => T): (sqlite: SQLite.Database) => T {
  const kept = new WeakMap<SQLite.Database, T>();
  return (sqlite) => {
    let statements = kept.get(sqlite);
    if (statements === undefined) {
      statements = prepare(<P extends unknown[], R>(text: string) => sqlite.prepare<P, R>(text), sqlite);
      kept.set(sqlite, statements);
    }
    return statements;
  };
}
