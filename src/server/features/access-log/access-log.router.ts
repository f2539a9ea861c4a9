import { accessLogListInput, accessLogPage } from '../../../shared/schemas/access-log';
import { adminProcedure, router } from '../../trpc/procedures';
import { listAccessLog } from './access-log.repository';

export const accessLogRouter = router({
  /** Authentication events, newest first (admin; decision 103). */
  list: adminProcedure
    .input(accessLogListInput)
    .output(accessLogPage)
    .query(({ ctx, input }) => listAccessLog(ctx.db, input, ctx.services.config.timeZone)),
});
