import type SQLite from 'better-sqlite3';
import { migrator } from './migrate';
import { openDatabase } from './database';

interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

/** Same text up to quoting, case and spacing (how SQLite echoes a CREATE statement may vary). */
const normalise = (sql: string | null) =>
  (sql ?? '')
    .replace(/["`[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The tables SQLite itself makes (AUTOINCREMENT's counters, ANALYZE's statistics), by their exact names. */
const SQLITES_OWN_TABLES = new Set(['sqlite_sequence', 'sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4']);

/**
 * SQLite's own objects, named exactly: the tables above, and the indexes it makes for a UNIQUE or
 * PRIMARY KEY constraint (`sqlite_autoindex_…`, without CREATE text). Everything else is compared,
 * whatever its name: a pattern such as LIKE 'sqlite_%' (where `_` is any character and case is ignored)
 * let a trigger named `sqlitex_backdoor` through unseen.
 */
const isSqlitesOwn = (o: { type: string; name: string; sql: string | null }) =>
  (o.type === 'table' && SQLITES_OWN_TABLES.has(o.name)) ||
  (o.type === 'index' && o.sql === null && o.name.startsWith('sqlite_autoindex_'));

function schemaOf(sqlite: SQLite.Database): Map<string, SchemaObject> {
  const rows = sqlite.prepare('select type, name, sql from sqlite_master order by type, name').all() as {
    type: string;
    name: string;
    sql: string | null;
  }[];
  return new Map(
    rows.filter((r) => !isSqlitesOwn(r)).map((r) => [`${r.type} ${r.name}`, { type: r.type, name: r.name, sql: normalise(r.sql) }]),
  );
}

/**
 * Compares a database's tables, indexes, views and triggers (sqlite_master) with what the migrations it
 * has applied create on an empty database (decision 013). A valid ledger with an added trigger, a
 * dropped index or an altered table is not the schema this code was tested against. Returns one problem
 * per difference; none when they match.
 */
export async function schemaDifferences(sqlite: SQLite.Database, lastApplied: string): Promise<string[]> {
  const expected = openDatabase(':memory:');
  try {
    const { error } = await migrator(expected.db).migrateTo(lastApplied);
    if (error) throw error;
    const want = schemaOf(expected.sqlite);
    const have = schemaOf(sqlite);
    const problems: string[] = [];
    for (const [key, object] of have) {
      if (!want.has(key)) problems.push(`unexpected ${key}`);
      else if (want.get(key)!.sql !== object.sql) problems.push(`changed ${key}`);
    }
    for (const key of want.keys()) if (!have.has(key)) problems.push(`missing ${key}`);
    return problems;
  } finally {
    await expected.close();
  }
}
