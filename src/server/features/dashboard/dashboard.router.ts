import { authedProcedure, router } from '../../trpc/procedures';
import { cached } from '../../trpc/cached';
import { entriesByStaff, scByCasino, usdPerDay } from './dashboard.repository';

/** The Dashboard charts (issue 15): fixed-size answers, from the read cache until the next write. */
export const dashboardRouter = router({
  usdPerDay: authedProcedure.query(cached('dashboard.usdPerDay', ({ ctx }) => usdPerDay(ctx.db, ctx.services.config.timeZone))),
  scByCasino: authedProcedure.query(cached('dashboard.scByCasino', ({ ctx }) => scByCasino(ctx.db))),
  entriesByStaff: authedProcedure.query(cached('dashboard.entriesByStaff', ({ ctx }) => entriesByStaff(ctx.db, ctx.services.config.timeZone))),
});
