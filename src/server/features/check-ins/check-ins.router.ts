import { checkInBoardInput, checkInBoardView, recordCheckInInput, recordedCheckInView } from '../../../shared/schemas/check-ins';
import { authedProcedure, read, router } from '../../trpc/procedures';
import { recordCheckIn } from './check-in-step';

/** The daily check-in board (decision 060): staff and admins alike. */
export const checkInsRouter = router({
  board: authedProcedure.input(checkInBoardInput).output(checkInBoardView).query(read('checkIns.board')),
  record: authedProcedure
    .input(recordCheckInInput)
    .output(recordedCheckInView)
    .mutation(({ ctx, input }) => recordCheckIn(ctx.db, input, ctx.user.id, ctx.services.config.timeZone)),
});
