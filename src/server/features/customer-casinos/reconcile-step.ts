import { formatHundredths } from '../../../shared/money';
import type { Db } from '../../db/types';
import { fieldError } from '../../errors/domain-errors';
import { ledgerStep } from '../transactions/ledger';
import { keepReconciliation } from './reconciliation-records';

export interface ReconcileOutcome {
  differenceUnplayed: number;
  differencePlayed: number;
  adjustmentId: number | null;
  reconciledAt: string;
  reconciliationId: number;
}

/** The transaction type that carries reconciliation adjustments. */
export const ADJUSTMENT_TYPE = 'Adjustment';

/**
 * Compares the balances the casino shows with the ledger's (decision 031), as one step of the ledger's
 * write path. When they differ, records one adjustment (the casino's "Adjustment" type, created when
 * missing; USD 0) that brings the ledger to exactly the typed balances. Either way the link remembers
 * when, by whom and what difference was found. A difference that would take the casino's balances past
 * the ledger's limit is refused naming the typed balance (decision 090).
 */
export function reconcileLink(
  db: Db,
  { pair, shown }: { pair: { customerId: number; casinoId: number }; shown: { unplayed: number; played: number; note: string | null } },
  { userId, now = new Date() }: { userId: number; now?: Date },
): Promise<ReconcileOutcome> {
  // The adjustment carries no USD: the typed balances name any refusal.
  const fields = { unplayed: 'unplayedCoins', played: 'playedCoins', usd: 'unplayedCoins' };
  return ledgerStep(db, { userId, now, fields }, (step) => {
    const s = step.statements;
    const link = s.link.get(pair);
    if (!link) throw fieldError('casinoId', 'Customer is not registered at this casino');
    if (!s.casino.get({ id: pair.casinoId })) throw fieldError('casinoId', 'Casino not found');
    const stamp = now.toISOString();
    const differenceUnplayed = shown.unplayed - link.currentUnplayedCoins;
    const differencePlayed = shown.played - link.currentPlayedCoins;
    let adjustmentId: number | null = null;
    if (differenceUnplayed !== 0 || differencePlayed !== 0) {
      const transactionTypeId = step.typeNamed(pair.casinoId, ADJUSTMENT_TYPE);
      // `settles`: any link may be reconciled, whatever its status (only a new entry needs an active one).
      adjustmentId = step.record(
        { ...pair, transactionTypeId, unplayedCoinsChange: differenceUnplayed, playedCoinsChange: differencePlayed, usdChange: 0 },
        stamp,
        { action: 'adjustment', settles: true },
      );
    }
    s.markReconciled.run({
      ...pair,
      lastReconciledAt: stamp,
      lastReconciledByUserId: userId,
      lastReconciledDifferenceUnplayed: differenceUnplayed,
      lastReconciledDifferencePlayed: differencePlayed,
    });
    const reconciliationId = keepReconciliation(step.sqlite, { ...pair, at: stamp, byUserId: userId, ...shown });
    step.audit({
      action: 'reconcile',
      entity: 'link',
      entityId: null,
      before: {
        ...pair,
        unplayedCoins: formatHundredths(link.currentUnplayedCoins),
        playedCoins: formatHundredths(link.currentPlayedCoins),
      },
      after: {
        ...pair,
        unplayedCoins: formatHundredths(shown.unplayed),
        playedCoins: formatHundredths(shown.played),
        note: shown.note,
        adjustmentId,
        reconciliationId,
      },
    });
    return { differenceUnplayed, differencePlayed, adjustmentId, reconciledAt: stamp, reconciliationId };
  });
}
