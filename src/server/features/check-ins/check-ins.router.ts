import { checkInBoardInput, recordCheckInInput } from '../../../shared/schemas/check-ins';
import { authedProcedure, read, router } from '../../trpc/procedures';
import { recordCheckIn } from './check-in-step';

/** The daily check-in board (decision 060): staff and admins alike. */
export const checkInsRouter = router({
  board: authedProcedure.input(checkInBoardInput).query(read('checkIns.board')),
  record: authedProcedure
    .input(recordCheckInInput)
    .mutation(({ ctx, input }) => recordCheckIn(ctx.db, input, { userId: ctx.user.id, timeZone: ctx.services.config.timeZone })),
});
