import type SQLite from 'better-sqlite3';

/** The recomputation of the screens' totals from transactions (decision 021), as (key, count, usd) rows. */
export const RECOMPUTED_TOTALS = {
  dayTypeTotals: `select substr(date, 1, 10) day, "transactionTypeId", count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1, 2`,
  dayTotals: `select substr(date, 1, 10) day, count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1`,
  hourTotals: `select substr(date, 1, 13) hour, count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1`,
  typeTotals: `select "transactionTypeId", count(*) "transactionCount", sum("usdChange") "usdTotal" from transactions group by 1`,
} as const;

/** Each kept total's key, as the invariants compare them. */
export const TOTALS_KEY: Record<keyof typeof RECOMPUTED_TOTALS, string> = {
  dayTypeTotals: `day || ':' || "transactionTypeId"`,
  dayTotals: 'day',
  hourTotals: 'hour',
  typeTotals: '"transactionTypeId"',
};

/** The recomputation of each casino's link count and balances (casinoBalances, migration 0021). */
export const RECOMPUTED_CASINO_BALANCES = `select "casinoId", count(*) links, sum("currentUnplayedCoins") "unplayedCoins", sum("currentPlayedCoins") "playedCoins" from "customerCasinos" group by 1`;

/** Refills every total from the transactions (seed:bulk writes rows directly, not through the ledger). */
export function rebuildTotals(sqlite: SQLite.Database): void {
  sqlite.transaction(() => {
    for (const [table, select] of Object.entries(RECOMPUTED_TOTALS)) {
      sqlite.exec(`delete from "${table}"`);
      sqlite.exec(`insert into "${table}" ${select}`);
    }
    sqlite.exec('delete from "casinoBalances"');
    sqlite.exec(`insert into "casinoBalances" ${RECOMPUTED_CASINO_BALANCES}`);
  })();
}
