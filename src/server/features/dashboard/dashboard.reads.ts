import { declareRead } from '../../reads/read-declaration';
import { entriesByStaff, scByCasino, usdPerDay } from './dashboard.repository';

export const dashboardReads = {
  'dashboard.usdPerDay': declareRead({ run: (db, _input, env) => usdPerDay(db, env.timeZone) }),
  'dashboard.scByCasino': declareRead({ run: (db) => scByCasino(db) }),
  'dashboard.entriesByStaff': declareRead({ run: (db, _input, env) => entriesByStaff(db, env.timeZone) }),
};
