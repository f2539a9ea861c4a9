import type SQLite from 'better-sqlite3';
import { sqliteOf } from '../../db/database';
import type { Db } from '../../db/types';
import { ENTRY_FIELDS, type LimitFields, refusingPastLimit } from './ledger-limits';
import { ledgerStatements, type LedgerStatements } from './ledger-statements';

/** How the ledger's writes are committed (ledger.ts holds the writes themselves). */

interface Job {
  body: (s: LedgerStatements, sqlite: SQLite.Database) => unknown;
  /** The request's fields a refusal at the ledger's limit names. */
  fields: LimitFields;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const queues = new WeakMap<SQLite.Database, Job[]>();

/**
 * Runs a ledger write. Writes that arrive in the same turn of the event loop are committed together
 * (group commit): one synchronous SQLite transaction (BEGIN IMMEDIATE) in which each write runs in its
 * own savepoint, so a refused write leaves the others untouched. Every caller hears back only after
 * the commit, so an answered write is on disk. Waits first while an asynchronous Kysely transaction
 * (master data, users) is open on the connection, so the two never mix. Each write ends with the check
 * of the kept values it changed against the ledger's limit (decision 090); past it, the write is refused
 * naming `fields` and its savepoint rolled back.
 */
export function write<T>(
  db: Db,
  body: (s: LedgerStatements, sqlite: SQLite.Database) => T,
  fields: LimitFields = ENTRY_FIELDS,
): Promise<T> {
  const sqlite = sqliteOf(db);
  let queue = queues.get(sqlite);
  if (!queue) queues.set(sqlite, (queue = []));
  const jobs = queue;
  return new Promise<T>((resolve, reject) => {
    jobs.push({ body, fields, resolve: resolve as (value: unknown) => void, reject });
    if (jobs.length === 1) setImmediate(() => void flush(sqlite, jobs));
  });
}

const holds = new WeakMap<SQLite.Database, Promise<void>>();

/**
 * Holds the ledger's writes on `db` until the returned release is called: they queue (asynchronously,
 * never blocking the event loop on SQLite's busy wait) while an import holds the write lock (decision 051).
 */
export function holdLedgerWrites(db: Db): () => void {
  const sqlite = sqliteOf(db);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  holds.set(sqlite, held);
  return () => {
    if (holds.get(sqlite) === held) holds.delete(sqlite);
    release();
  };
}

async function flush(sqlite: SQLite.Database, queue: Job[]): Promise<void> {
  // A hold (an import's batch) and an open Kysely transaction are waited for together (decision 080).
  while (holds.has(sqlite) || sqlite.inTransaction) await (holds.get(sqlite) ?? new Promise((resolve) => setImmediate(resolve)));
  const jobs = queue.splice(0);
  const s = ledgerStatements(sqlite);
  const outcomes: { ok: boolean; value: unknown }[] = [];
  try {
    const each = sqlite.transaction((job: Job) =>
      refusingPastLimit(job.fields, () => {
        s.kept.clear();
        const value = job.body(s, sqlite);
        s.kept.check(true);
        return value;
      }),
    );
    sqlite
      .transaction(() => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: each(job) });
          } catch (error) {
            outcomes.push({ ok: false, value: error });
          }
        }
        // The change feeds keep their newest entries: trimmed once per commit, not per row (kept-figures.ts).
        s.figures.trimFeeds();
      })
      .immediate();
  } catch (error) {
    for (const job of jobs) job.reject(error);
    return;
  }
  jobs.forEach((job, i) => (outcomes[i].ok ? job.resolve(outcomes[i].value) : job.reject(outcomes[i].value)));
}
