import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { dashboardReads } from './dashboard.reads';

/** The Dashboard charts: fixed-size answers, read on the read path (src/server/reads). */
export const dashboardRouter = router({
  usdPerDay: readQuery(authedProcedure, dashboardReads['dashboard.usdPerDay']),
  scByCasino: readQuery(authedProcedure, dashboardReads['dashboard.scByCasino']),
  entriesByStaff: readQuery(authedProcedure, dashboardReads['dashboard.entriesByStaff']),
});
