import { recordCheckInInput, recordedCheckInView } from '../../../shared/schemas/check-ins';
import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { checkInReads } from './check-ins.reads';
import { recordCheckIn } from './check-in-step';

/** The daily check-in board (decision 060): staff and admins alike. */
export const checkInsRouter = router({
  board: readQuery(authedProcedure, checkInReads['checkIns.board']),
  record: authedProcedure
    .input(recordCheckInInput)
    .output(recordedCheckInView)
    .mutation(({ ctx, input }) => recordCheckIn(ctx.db, input, { userId: ctx.user.id, timeZone: ctx.services.config.timeZone })),
});
