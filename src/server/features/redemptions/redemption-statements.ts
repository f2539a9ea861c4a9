import { insertStatement, perConnection, updateStatement } from '../../db/per-connection';
import type { RedemptionRow } from '../../db/types';

/** The redemption steps' statements, prepared once per connection (used inside ledgerStep). */
export const redemptionStatements = perConnection((q) => {
  return {
    get: q<[{ id: number }], RedemptionRow>(`select * from redemptions where id = @id`),
    insert: insertStatement(
      q,
      'redemptions',
      [
        'customerId',
        'casinoId',
        'requestedAt',
        'requestedByUserId',
        'unplayedCoins',
        'playedCoins',
        'expectedUsd',
        'note',
        'requestTransactionId',
      ],
      { status: `'pending'` },
    ),
    finish: updateStatement(
      q,
      'redemptions',
      [
        'status',
        'receivedAt',
        'usdReceived',
        'finishedAt',
        'finishedByUserId',
        'finishNote',
        'receiptTransactionId',
        'reversalTransactionId',
      ],
      `status = 'pending'`,
    ),
  };
});
