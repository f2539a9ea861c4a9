import type SQLite from 'better-sqlite3';
import type { TransactionRow } from '../../db/types';
import { perConnection } from '../../db/per-connection';

type After = Pick<TransactionRow, 'unplayedCoinsAfter' | 'playedCoinsAfter'>;

const statements = perConnection((q) => ({
  // The pair's balance at a moment: the after-values of its last row dated at or before it.
  balanceAt: q<[number, number, string], After>(
    `select "unplayedCoinsAfter", "playedCoinsAfter" from transactions
     where "customerId" = ? and "casinoId" = ? and date <= ? order by date desc, id desc limit 1`,
  ),
  insert: q<
    [
      {
        customerId: number;
        casinoId: number;
        at: string;
        byUserId: number;
        note: string | null;
        recordedUnplayed: number;
        recordedPlayed: number;
        ledgerUnplayed: number;
        ledgerPlayed: number;
      },
    ],
    never
  >(
    `insert into reconciliations ("customerId", "casinoId", at, "byUserId", note, "recordedUnplayed", "recordedPlayed", "ledgerUnplayed", "ledgerPlayed")
     values (@customerId, @casinoId, @at, @byUserId, @note, @recordedUnplayed, @recordedPlayed, @ledgerUnplayed, @ledgerPlayed)`,
  ),
}));

/**
 * Keeps a reconciliation: what the casino reported and the ledger's balance at that moment (decision 191).
 * From here on the ledger's own code (kept-figures.ts) keeps the ledger's side exact in every later
 * write's own transaction, so the reconciliation is broken exactly while the two differ. Returns its id.
 */
export function keepReconciliation(
  sqlite: SQLite.Database,
  r: { customerId: number; casinoId: number; at: string; byUserId: number; note: string | null; unplayed: number; played: number },
): number {
  const s = statements(sqlite);
  const ledger = s.balanceAt.get(r.customerId, r.casinoId, r.at);
  return Number(
    s.insert.run({
      customerId: r.customerId,
      casinoId: r.casinoId,
      at: r.at,
      byUserId: r.byUserId,
      note: r.note,
      recordedUnplayed: r.unplayed,
      recordedPlayed: r.played,
      ledgerUnplayed: ledger?.unplayedCoinsAfter ?? 0,
      ledgerPlayed: ledger?.playedCoinsAfter ?? 0,
    }).lastInsertRowid,
  );
}
