import type SQLite from 'better-sqlite3';

/**
 * The change feeds the read threads' in-memory stores follow, written by the ledger's code in every
 * writing transaction (kept-figures.ts, decision 130), and what each entry names: a transaction's id,
 * or a link's customer and casino.
 */
interface Feeds {
  transactionChanges: [transactionId: number];
  linkChanges: [customerId: number, casinoId: number];
}
export type ChangeFeed = keyof Feeds;

const KEYS: { [F in ChangeFeed]: string } = {
  transactionChanges: '"transactionId"',
  linkChanges: '"customerId", "casinoId"',
};

/** A store kept in memory from the database and a feed (pair-ranges.ts, link-balances.ts). */
export interface FeedStore<F extends ChangeFeed> {
  /** Reads everything again (first use, or the feed no longer reaches back to what the store has). */
  build(): void;
  /** Takes each entry changed since the store's last sync (each named once) from the database as it now is. */
  follow(changed: Feeds[F][]): void;
  /** After each sync that found changes, inside the same read snapshot. */
  afterSync?(): void;
}

/**
 * Keeps a store exactly in step with the database: before each use, inside one read snapshot, reads
 * the feed's bounds; a store that is current does nothing, one within reach follows the entries since
 * its last sync, and one further behind (the feed keeps only its newest entries, or more than
 * `rebuildAfter` changed) builds again.
 */
export class FeedFollower<F extends ChangeFeed> {
  private seq = -1;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly feed: F,
    private readonly store: FeedStore<F>,
    private readonly rebuildAfter = Number.POSITIVE_INFINITY,
  ) {}

  sync(): void {
    const own = !this.sqlite.inTransaction;
    if (own) this.sqlite.exec('begin');
    try {
      const { first, last } = feedBounds(this.sqlite, this.feed);
      if (last === this.seq) return;
      if (this.seq < 0 || this.seq < first - 1 || last - this.seq > this.rebuildAfter) {
        // Until a build ends the store follows nothing, so a failed build is built again.
        this.seq = -1;
        this.store.build();
      } else {
        const changed = this.sqlite
          .prepare<[{ seq: number }], Feeds[F]>(`select distinct ${KEYS[this.feed]} from "${this.feed}" where seq > @seq`)
          .raw()
          .all({ seq: this.seq });
        this.store.follow(changed);
      }
      this.seq = last;
      this.store.afterSync?.();
    } finally {
      if (own) this.sqlite.exec('commit');
    }
  }
}

/**
 * The oldest and newest sequence number in a feed (0 when empty). Two scalar subqueries: SQLite answers
 * each min or max with one seek of the primary key, but a single query asking for both scans the whole
 * feed (100,000 rows, about 6 ms).
 */
function feedBounds(sqlite: SQLite.Database, feed: ChangeFeed): { first: number; last: number } {
  return sqlite
    .prepare<[], { first: number; last: number }>(
      `select coalesce((select min(seq) from "${feed}"), 0) first, coalesce((select max(seq) from "${feed}"), 0) last`,
    )
    .get()!;
}
