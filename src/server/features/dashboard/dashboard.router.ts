import { authedProcedure, router } from '../../trpc/procedures';

/** The Dashboard charts (issue 15): fixed-size answers, read on the read path (src/server/reads). */
export const dashboardRouter = router({
  usdPerDay: authedProcedure.query(({ ctx }) => ctx.services.readers.run('dashboard.usdPerDay', undefined)),
  scByCasino: authedProcedure.query(({ ctx }) => ctx.services.readers.run('dashboard.scByCasino', undefined)),
  entriesByStaff: authedProcedure.query(({ ctx }) => ctx.services.readers.run('dashboard.entriesByStaff', undefined)),
});
