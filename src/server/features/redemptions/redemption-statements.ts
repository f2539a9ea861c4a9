import { perConnection } from '../../db/per-connection';
import type { RedemptionRow } from '../../db/types';

/** The redemption steps' statements, prepared once per connection (used inside ledgerStep). */
export const redemptionStatements = perConnection((q) => {
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
});
