import { finishRedemptionInput, receiveRedemptionInput, redemptionView, requestRedemptionInput } from '../../../shared/schemas/redemptions';
import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { redemptionReads } from './redemptions.reads';
import { closeRedemption, receiveRedemption, requestRedemption } from './redemption-steps';
import { getRedemption } from './redemptions.repository';

/** Redemptions in transit (decision 060): staff and admins alike; each step answers the redemption as it now is. */
export const redemptionsRouter = router({
  list: readQuery(authedProcedure, redemptionReads['redemptions.list']),
  inTransit: readQuery(authedProcedure, redemptionReads['redemptions.inTransit']),
  report: readQuery(authedProcedure, redemptionReads['redemptions.report']),

  request: authedProcedure
    .input(requestRedemptionInput)
    .output(redemptionView)
    .mutation(async ({ ctx, input }) =>
      getRedemption(ctx.db, await requestRedemption(ctx.db, input, ctx.user.id), ctx.services.config.timeZone),
    ),
  receive: authedProcedure
    .input(receiveRedemptionInput)
    .output(redemptionView)
    .mutation(async ({ ctx, input }) => {
      await receiveRedemption(ctx.db, input, { userId: ctx.user.id, timeZone: ctx.services.config.timeZone });
      return getRedemption(ctx.db, input.id, ctx.services.config.timeZone);
    }),
  reject: authedProcedure
    .input(finishRedemptionInput)
    .output(redemptionView)
    .mutation(async ({ ctx, input }) => {
      await closeRedemption(ctx.db, { id: input.id, status: 'rejected', note: input.note ?? null }, { userId: ctx.user.id });
      return getRedemption(ctx.db, input.id, ctx.services.config.timeZone);
    }),
  cancel: authedProcedure
    .input(finishRedemptionInput)
    .output(redemptionView)
    .mutation(async ({ ctx, input }) => {
      await closeRedemption(ctx.db, { id: input.id, status: 'cancelled', note: input.note ?? null }, { userId: ctx.user.id });
      return getRedemption(ctx.db, input.id, ctx.services.config.timeZone);
    }),
});
