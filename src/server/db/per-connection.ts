import type SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { Database } from './types';

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

type Row<T extends keyof Database> = Selectable<Database[T]>;
/** The tables whose rows have an id. */
type WithId = { [T in keyof Database]: 'id' extends keyof Database[T] ? T : never }[keyof Database];
const quoted = (name: string) => `"${name}"`;

/**
 * `insert into table (columns) values (@columns)`: the columns are named once, for the SQL and for the
 * parameter's type (picked from the table's row). `fixed` adds columns set to constant SQL values.
 */
export function insertStatement<T extends keyof Database, K extends keyof Row<T> & string>(
  q: Prepare,
  table: T,
  columns: readonly K[],
  fixed: Partial<Record<Exclude<keyof Row<T> & string, K>, string>> = {},
) {
  const names = [...columns, ...Object.keys(fixed)].map(quoted).join(', ');
  const values = [...columns.map((c) => `@${c}`), ...Object.values(fixed)].join(', ');
  return q<[Pick<Row<T>, K>], never>(`insert into ${quoted(table)} (${names}) values (${values})`);
}

/** `update table set column = @column, ... where id = @id` (and `condition` when given), typed like insertStatement. */
export function updateStatement<T extends WithId, K extends keyof Row<T> & string>(
  q: Prepare,
  table: T,
  columns: readonly K[],
  condition?: string,
) {
  const set = columns.map((c) => `${quoted(c)} = @${c}`).join(', ');
  const where = condition ? `id = @id and ${condition}` : 'id = @id';
  return q<[Pick<Row<T>, K | Extract<'id', keyof Row<T>>>], never>(`update ${quoted(table)} set ${set} where ${where}`);
}
