import { formatHundredths } from '../../../shared/money';
import {
  balanceBeforeInput,
  createMissingLinksInput,
  listLinksInput,
  reconcileInput,
  reconciliationReportInput,
  setLinkInput,
} from '../../../shared/schemas/customer-casinos';
import { listReconciliationsInput } from '../../../shared/schemas/reconciliations';
import { reconcileLink } from './reconcile-step';
import { getTransaction } from '../transactions/transactions.repository';
import { authedProcedure, read, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { setLinkStatus } from './customer-casinos.repository';
import { createMissingLinks } from './missing-links';

export const customerCasinosRouter = router({
  list: authedProcedure.input(listLinksInput).query(read('customerCasinos.list')),
  /** The pair's balance just before an entry of that date: the base of the entry forms' preview. */
  balanceBefore: authedProcedure.input(balanceBeforeInput).query(read('customerCasinos.balanceBefore')),
  set: authedProcedure
    .input(setLinkInput)
    .mutation(({ ctx, input }) => setLinkStatus(ctx.db, input.customerId, input.casinoId, input.status, actorOf(ctx.user))),
  createMissing: authedProcedure
    .input(createMissingLinksInput)
    .mutation(({ ctx, input }) => createMissingLinks(ctx.db, input.masterUserId, input.customerId, input.status, actorOf(ctx.user))),

  /** Compares the casino's balances with the ledger; a difference is booked as one adjustment. */
  reconcile: authedProcedure.input(reconcileInput).mutation(async ({ ctx, input }) => {
    const { customerId, casinoId, unplayedCoins, playedCoins, note } = input;
    const outcome = await reconcileLink(
      ctx.db,
      { customerId, casinoId },
      { unplayed: unplayedCoins, played: playedCoins, note: note ?? null },
      ctx.user.id,
    );
    return {
      differenceUnplayed: formatHundredths(outcome.differenceUnplayed),
      differencePlayed: formatHundredths(outcome.differencePlayed),
      adjustment: outcome.adjustmentId === null ? null : await getTransaction(ctx.db, outcome.adjustmentId),
      reconciledAt: outcome.reconciledAt,
      reconciliationId: outcome.reconciliationId,
    };
  }),

  /** Links with their last reconciliation; stale ones (none within staleDays) first. */
  reconciliationReport: authedProcedure.input(reconciliationReportInput).query(read('customerCasinos.reconciliationReport')),
  /** Kept reconciliations with the ledger's balance at their moment; `status=broken` those a later change broke. */
  reconciliations: authedProcedure.input(listReconciliationsInput).query(read('customerCasinos.reconciliations')),
});
