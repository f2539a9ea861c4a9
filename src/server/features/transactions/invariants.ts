import { sql } from 'kysely';
import type { Db } from '../../db/types';

export interface InvariantReport {
  /** Links whose balances, USD total or count differ from the sums over their transactions. */
  badLinks: { customerId: number; casinoId: number }[];
  /** Transactions whose after-values differ from the running sums over their pair. */
  badTransactions: number[];
  /** Transactions without a link (the foreign key should make this impossible). */
  orphans: number;
}

/** Recomputes both ledger invariants from scratch (the check the tests, seeds and restores use). */
export async function checkLedger(db: Db, sample = 20): Promise<InvariantReport> {
  const badLinks = await sql<{ customerId: number; casinoId: number }>`
    select l."customerId", l."casinoId"
    from "customerCasinos" l
    left join (
      select "customerId", "casinoId",
             sum("unplayedCoinsChange") u, sum("playedCoinsChange") p, sum("usdChange") d, count(*) n
      from transactions group by "customerId", "casinoId"
    ) t on t."customerId" = l."customerId" and t."casinoId" = l."casinoId"
    where l."currentUnplayedCoins" != coalesce(t.u, 0)
       or l."currentPlayedCoins" != coalesce(t.p, 0)
       or l."usdTotal" != coalesce(t.d, 0)
       or l."transactionCount" != coalesce(t.n, 0)
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
    where not exists (select 1 from "customerCasinos" l where l."customerId" = t."customerId" and l."casinoId" = t."casinoId")`.execute(db);
  return {
    badLinks: badLinks.rows,
    badTransactions: badTransactions.rows.map((r) => r.id),
    orphans: Number(orphans.rows[0]?.n ?? 0),
  };
}

export const ledgerIsSound = (r: InvariantReport) => r.badLinks.length === 0 && r.badTransactions.length === 0 && r.orphans === 0;
