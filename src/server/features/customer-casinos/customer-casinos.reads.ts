import { z } from 'zod';
import { linkView, pairBalance, reconciliationReportView } from '../../../shared/schemas/customer-casinos';
import { balanceBeforeInput, listLinksInput, reconciliationReportInput } from '../../../shared/schemas/customer-casinos';
import { declareRead } from '../../reads/read-declaration';
import { balanceBefore } from './balance-before';
import { listLinks, listLinksAsOf } from './customer-casinos.repository';
import { listReconciliations, reconciliationReport } from './reconciliation.repository';
import { listReconciliationsInput, reconciliationsPage } from '../../../shared/schemas/reconciliations';

export const customerCasinoReads = {
  'customerCasinos.list': declareRead({
    output: z.array(linkView),
    input: listLinksInput,
    run: (db, input, env) =>
      input?.asOf && input.customerId !== undefined
        ? listLinksAsOf(db, input.customerId, input.asOf, env.timeZone)
        : listLinks(db, input?.customerId),
  }),
  'customerCasinos.balanceBefore': declareRead({
    output: pairBalance,
    input: balanceBeforeInput,
    run: (db, input) => balanceBefore(db, input),
  }),
  'customerCasinos.reconciliationReport': declareRead({
    output: reconciliationReportView,
    input: reconciliationReportInput,
    run: (db, input) => reconciliationReport(db, input),
  }),
  'customerCasinos.reconciliations': declareRead({
    output: reconciliationsPage,
    input: listReconciliationsInput,
    run: (db, input) => listReconciliations(db, input),
  }),
};
