import type SQLite from 'better-sqlite3';
import type { RedemptionRow } from '../../db/types';

/** The redemption steps' statements, prepared once per connection (used inside ledgerStep). */
function prepare(sqlite: SQLite.Database) {
  const q = <P extends unknown[], R>(text: string) => sqlite.prepare<P, R>(text);
  return {
    get: q<[number], RedemptionRow>(`select * from redemptions where id = ?`),
    insert: q<
      [
        Pick<
          RedemptionRow,
          | 'customerId'
          | 'casinoId'
          | 'requestedAt'
          | 'requestedByUserId'
          | 'unplayedCoins'
          | 'playedCoins'
          | 'expectedUsd'
          | 'note'
          | 'requestTransactionId'
        >,
      ],
      never
    >(
      `insert into redemptions ("customerId", "casinoId", status, "requestedAt", "requestedByUserId", "unplayedCoins", "playedCoins", "expectedUsd", note, "requestTransactionId")
       values (@customerId, @casinoId, 'pending', @requestedAt, @requestedByUserId, @unplayedCoins, @playedCoins, @expectedUsd, @note, @requestTransactionId)`,
    ),
    finish: q<
      [
        Pick<
          RedemptionRow,
          | 'id'
          | 'status'
          | 'receivedAt'
          | 'usdReceived'
          | 'finishedAt'
          | 'finishedByUserId'
          | 'finishNote'
          | 'receiptTransactionId'
          | 'reversalTransactionId'
        >,
      ],
      never
    >(
      `update redemptions set status = @status, "receivedAt" = @receivedAt, "usdReceived" = @usdReceived, "finishedAt" = @finishedAt,
         "finishedByUserId" = @finishedByUserId, "finishNote" = @finishNote, "receiptTransactionId" = @receiptTransactionId,
         "reversalTransactionId" = @reversalTransactionId where id = @id and status = 'pending'`,
    ),
  };
}

export type RedemptionStatements = ReturnType<typeof prepare>;
const prepared = new WeakMap<SQLite.Database, RedemptionStatements>();

export function redemptionStatements(sqlite: SQLite.Database): RedemptionStatements {
  let statements = prepared.get(sqlite);
  if (!statements) prepared.set(sqlite, (statements = prepare(sqlite)));
  return statements;
}
