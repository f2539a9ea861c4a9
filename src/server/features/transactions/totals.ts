import type SQLite from 'better-sqlite3';

/** The recomputation of the screens' totals from transactions (decision 021), as (key, count, usd) rows. */
export const RECOMPUTED_TOTALS = {
  dayTypeTotals: `select substr(date, 1, 10) day, "transactionTypeId", count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1, 2`,
  dayTotals: `select substr(date, 1, 10) day, count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1`,
  typeTotals: `select "transactionTypeId", count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1`,
} as const;

/** Refills every total from the transactions (seed:bulk writes rows directly, not through the ledger). */
export function rebuildTotals(sqlite: SQLite.Database): void {
  sqlite.transaction(() => {
    for (const [table, select] of Object.entries(RECOMPUTED_TOTALS)) {
      sqlite.exec(`delete from "${table}"`);
      sqlite.exec(`insert into "${table}" ${select}`);
    }
  })();
}
