import { formatHundredths } from '../../../shared/money';
import {
  createMissingLinksInput,
  linkView,
  missingLinksView,
  reconcileInput,
  reconciledView,
  setLinkInput,
} from '../../../shared/schemas/customer-casinos';
import { reconcileLink } from './reconcile-step';
import { getTransaction } from '../transactions/transactions.repository';
import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { customerCasinoReads } from './customer-casinos.reads';
import { actorOf } from '../audit/audit.repository';
import { expectedVersion } from '../audit/record-versions';
import { setLinkStatus } from './customer-casinos.repository';
import { createMissingLinks } from './missing-links';

export const customerCasinosRouter = router({
  list: readQuery(authedProcedure, customerCasinoReads['customerCasinos.list']),
  /** The pair's balance just before an entry of that date: the base of the entry forms' preview. */
  balanceBefore: readQuery(authedProcedure, customerCasinoReads['customerCasinos.balanceBefore']),
  set: authedProcedure
    .input(setLinkInput)
    .output(linkView)
    .mutation(({ ctx, input }) =>
      setLinkStatus(ctx.db, input.customerId, input.casinoId, input.status, actorOf(ctx.user), expectedVersion(input.version, ctx)),
    ),
  createMissing: authedProcedure
    .input(createMissingLinksInput)
    .output(missingLinksView)
    .mutation(({ ctx, input }) => createMissingLinks(ctx.db, input.masterUserId, input.customerId, input.status, actorOf(ctx.user))),

  /** Compares the casino's balances with the ledger; a difference is booked as one adjustment. */
  reconcile: authedProcedure
    .input(reconcileInput)
    .output(reconciledView)
    .mutation(async ({ ctx, input }) => {
      const { customerId, casinoId, unplayedCoins, playedCoins, note } = input;
      const outcome = await reconcileLink(
        ctx.db,
        { pair: { customerId, casinoId }, shown: { unplayed: unplayedCoins, played: playedCoins, note: note ?? null } },
        { userId: ctx.user.id },
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
  reconciliationReport: readQuery(authedProcedure, customerCasinoReads['customerCasinos.reconciliationReport']),
  /** Kept reconciliations with the ledger's balance at their moment; `status=broken` those a later change broke. */
  reconciliations: readQuery(authedProcedure, customerCasinoReads['customerCasinos.reconciliations']),
});
