import { inTransitView, payoutReportView, redemptionsPage } from '../../../shared/schemas/redemptions';
import { listRedemptionsInput, payoutReportInput } from '../../../shared/schemas/redemptions';
import { declareRead } from '../../reads/read-declaration';
import { inTransit, listRedemptions, payoutReport } from './redemptions.repository';

export const redemptionReads = {
  'redemptions.list': declareRead({
    output: redemptionsPage,
    input: listRedemptionsInput,
    run: (db, input, env) => listRedemptions(db, input ?? {}, env.timeZone),
  }),
  'redemptions.inTransit': declareRead({ output: inTransitView, run: (db) => inTransit(db) }),
  'redemptions.report': declareRead({
    output: payoutReportView,
    input: payoutReportInput,
    run: (db, input, env) => payoutReport(db, env.timeZone, input?.casinoId),
  }),
};
