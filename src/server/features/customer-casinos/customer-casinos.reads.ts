import { balanceBeforeInput, listLinksInput, reconciliationReportInput } from '../../../shared/schemas/customer-casinos';
import { declareRead } from '../../reads/read-declaration';
import { balanceBefore } from './balance-before';
import { listLinks, listLinksAsOf } from './customer-casinos.repository';
import { reconciliationReport } from './reconciliation.repository';

export const customerCasinoReads = {
  'customerCasinos.list': declareRead({
    input: listLinksInput,
    run: (db, input, env) =>
      input?.asOf && input.customerId !== undefined
        ? listLinksAsOf(db, input.customerId, input.asOf, env.timeZone)
        : listLinks(db, input?.customerId),
  }),
  'customerCasinos.balanceBefore': declareRead({ input: balanceBeforeInput, run: (db, input) => balanceBefore(db, input) }),
  'customerCasinos.reconciliationReport': declareRead({
    input: reconciliationReportInput,
    run: (db, input) => reconciliationReport(db, input),
  }),
};
