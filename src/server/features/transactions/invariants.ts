import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { RECOMPUTED_CASINO_BALANCES, RECOMPUTED_TOTALS, TOTALS_KEY } from './totals';

export interface InvariantReport {
  /** Links whose balances, USD total, count or latest date differ from those of their transactions. */
  badLinks: { customerId: number; casinoId: number }[];
  /** Transactions whose after-values differ from the running sums over their pair. */
  badTransactions: number[];
  /** Kept totals (table and key) that differ from a recomputation over transactions. */
  badTotals: string[];
  /**
   * Transactions without a link, or with a type of another casino (the foreign key and the ledger's
   * checks make both impossible; History's filters rely on the second, applyTransactionFilters).
   */
  orphans: number;
}

/** Recomputes both ledger invariants from scratch (the check the tests, seeds and restores use). */
export async function checkLedger(db: Db, sample = 20): Promise<InvariantReport> {
  const badLinks = await sql<{ customerId: number; casinoId: number }>`
    select l."customerId", l."casinoId"
    from "customerCasinos" l
    left join (
      select "customerId", "casinoId",
             sum("unplayedCoinsChange") u, sum("playedCoinsChange") p, sum("usdChange") d, count(*) n, max(date) m
      from transactions group by "customerId", "casinoId"
    ) t on t."customerId" = l."customerId" and t."casinoId" = l."casinoId"
    where l."currentUnplayedCoins" != coalesce(t.u, 0)
       or l."currentPlayedCoins" != coalesce(t.p, 0)
       or l."usdTotal" != coalesce(t.d, 0)
       or l."transactionCount" != coalesce(t.n, 0)
       or l."lastActivityAt" is not t.m
    limit ${sample}`.execute(db);
  const badTransactions = await sql<{ id: number }>`
    select id from (
      select id, "unplayedCoinsAfter", "playedCoinsAfter", "totalCoinsAfter",
        sum("unplayedCoinsChange") over w ru,
        sum("playedCoinsChange") over w rp
      from transactions
      window w as (partition by "customerId", "casinoId" order by date, id rows unbounded preceding)
    )
    where "unplayedCoinsAfter" != ru or "playedCoinsAfter" != rp or "totalCoinsAfter" != ru + rp
    limit ${sample}`.execute(db);
  const orphans = await sql<{ n: number }>`
    select count(*) n from transactions t
    where not exists (select 1 from "customerCasinos" l where l."customerId" = t."customerId" and l."casinoId" = t."casinoId")
       or t."casinoId" != (select k."casinoId" from "transactionTypes" k where k.id = t."transactionTypeId")`.execute(db);
  const badTotals: string[] = [];
  for (const [table, recomputed] of Object.entries(RECOMPUTED_TOTALS)) {
    const key = TOTALS_KEY[table as keyof typeof RECOMPUTED_TOTALS];
    // Kept rows at zero (every transaction of the day removed) count as absent.
    const kept = sql`select ${sql.raw(key)} k, "transactionCount" n, "usdTotal" d from ${sql.table(table)} where "transactionCount" != 0 or "usdTotal" != 0`;
    const fresh = sql`select ${sql.raw(key)} k, "transactionCount" n, "usdTotal" d from (${sql.raw(recomputed)})`;
    const rows = await sql<{ k: string }>`
      select k from (${kept} except ${fresh}) union select k from (${fresh} except ${kept}) limit ${sample}`.execute(db);
    badTotals.push(...rows.rows.map((r) => `${table} ${r.k}`));
  }
  // A casino whose links all went keeps a row of zeros: it counts as absent.
  const keptBalances = sql`select "casinoId", links, "unplayedCoins", "playedCoins" from "casinoBalances" where links != 0 or "unplayedCoins" != 0 or "playedCoins" != 0`;
  const freshBalances = sql`select "casinoId", links, "unplayedCoins", "playedCoins" from (${sql.raw(RECOMPUTED_CASINO_BALANCES)})`;
  const badBalances = await sql<{ casinoId: number }>`
    select "casinoId" from (${keptBalances} except ${freshBalances}) union select "casinoId" from (${freshBalances} except ${keptBalances}) limit ${sample}`.execute(
    db,
  );
  badTotals.push(...badBalances.rows.map((r) => `casinoBalances ${r.casinoId}`));
  return {
    badLinks: badLinks.rows,
    badTotals,
    badTransactions: badTransactions.rows.map((r) => r.id),
    orphans: Number(orphans.rows[0]?.n ?? 0),
  };
}

export const ledgerIsSound = (r: InvariantReport) =>
  r.badLinks.length === 0 && r.badTransactions.length === 0 && r.badTotals.length === 0 && r.orphans === 0;
