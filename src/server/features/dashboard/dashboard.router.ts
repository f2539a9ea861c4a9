import { authedProcedure, read, router } from '../../trpc/procedures';

/** The Dashboard charts: fixed-size answers, read on the read path (src/server/reads). */
export const dashboardRouter = router({
  usdPerDay: authedProcedure.query(read('dashboard.usdPerDay')),
  scByCasino: authedProcedure.query(read('dashboard.scByCasino')),
  entriesByStaff: authedProcedure.query(read('dashboard.entriesByStaff')),
});
