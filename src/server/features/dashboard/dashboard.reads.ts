import { entriesByStaffView, scByCasinoView, usdPerDayView } from '../../../shared/schemas/dashboard';
import { declareRead } from '../../reads/read-declaration';
import { entriesByStaff, scByCasino, usdPerDay } from './dashboard.repository';

export const dashboardReads = {
  'dashboard.usdPerDay': declareRead({ output: usdPerDayView, run: (db, _input, env) => usdPerDay(db, env.timeZone) }),
  'dashboard.scByCasino': declareRead({ output: scByCasinoView, run: (db) => scByCasino(db) }),
  'dashboard.entriesByStaff': declareRead({ output: entriesByStaffView, run: (db, _input, env) => entriesByStaff(db, env.timeZone) }),
};
