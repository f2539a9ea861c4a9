import type SQLite from 'better-sqlite3';
import { kyselyOver } from '../../src/server/db/database';
import { type ReadInput, type ReadName, runRead } from '../../src/server/reads/declared-reads';
import type { ReadEnv } from '../../src/server/reads/read-declaration';

/** One screen's read, as the bench and the plan test run it. */
export interface ScreenCase<N extends ReadName = ReadName> {
  screen: string;
  name: N;
  input: ReadInput<N>;
}

export interface StatementPlan {
  sql: string;
  plan: string[];
  /** A step that reads the transactions table (or an index of it) from end to end. */
  fullScan: boolean;
}

export interface ScreenPlan {
  screen: string;
  ms: number;
  statements: StatementPlan[];
}

/** The transactions table as the queries name it (no other table is aliased tx). */
const SCAN_OF_TRANSACTIONS = /^SCAN (transactions|tx)\b/;

/** Whether a plan reads transactions end to end (an index walk stopped by a LIMIT is a page, not a scan). */
export function readsAllTransactions(sql: string, plan: string[]): boolean {
  const bounded = /\blimit\b/i.test(sql);
  // A walk whose rows are sorted next (its own temp b-tree) is read to its end before any LIMIT applies.
  const sortedNext = (i: number) => /^USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(plan[i + 1] ?? '');
  return plan.some((line, i) => SCAN_OF_TRANSACTIONS.test(line) && (!line.includes(' USING ') || !bounded || sortedNext(i)));
}

/**
 * Runs each screen's read on `sqlite` and asks SQLite for the plan of every statement it sent
 * (EXPLAIN QUERY PLAN with the same parameters). A plain SCAN of transactions is a full scan; an
 * index walk counts as one too unless the statement stops at a LIMIT (a page read in index order).
 */
export async function screenPlans(sqlite: SQLite.Database, env: ReadEnv, cases: ScreenCase[]): Promise<ScreenPlan[]> {
  const out: ScreenPlan[] = [];
  for (const c of cases) {
    const sent: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = kyselyOver(sqlite, (event) => {
      if (event.level === 'query') sent.push({ sql: event.query.sql, parameters: event.query.parameters });
    });
    const started = performance.now();
    await runRead(db, c.name, c.input, env);
    const ms = performance.now() - started;
    const statements = sent.map(({ sql, parameters }) => {
      const plan = (sqlite.prepare(`explain query plan ${sql}`).all(...parameters) as { detail: string }[]).map((r) => r.detail);
      return { sql, plan, fullScan: readsAllTransactions(sql, plan) };
    });
    out.push({ screen: c.screen, ms, statements });
  }
  return out;
}
