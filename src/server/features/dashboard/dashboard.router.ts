import { entriesByStaffView, scByCasinoView, usdPerDayView } from '../../../shared/schemas/dashboard';
import { authedProcedure, read, router } from '../../trpc/procedures';

/** The Dashboard charts: fixed-size answers, read on the read path (src/server/reads). */
export const dashboardRouter = router({
  usdPerDay: authedProcedure.output(usdPerDayView).query(read('dashboard.usdPerDay')),
  scByCasino: authedProcedure.output(scByCasinoView).query(read('dashboard.scByCasino')),
  entriesByStaff: authedProcedure.output(entriesByStaffView).query(read('dashboard.entriesByStaff')),
});
