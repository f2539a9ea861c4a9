import type SQLite from 'better-sqlite3';

/** The trigger-written feeds the read threads follow (migrations 0020 and 0022). */
export type ChangeFeed = 'transactionChanges' | 'linkChanges';

/**
 * The oldest and newest sequence number in a feed (0 when empty). Two scalar subqueries: SQLite answers
 * each min or max with one seek of the primary key, but a single query asking for both scans the whole
 * feed (100,000 rows, about 6 ms).
 */
export function feedBounds(sqlite: SQLite.Database, feed: ChangeFeed): { first: number; last: number } {
  return sqlite
    .prepare(`select coalesce((select min(seq) from "${feed}"), 0) first, coalesce((select max(seq) from "${feed}"), 0) last`)
    .get() as { first: number; last: number };
}
