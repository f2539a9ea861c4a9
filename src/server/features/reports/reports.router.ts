import { adminProcedure, authedProcedure, readQuery, router } from '../../trpc/procedures';
import { reportReads } from './reports.reads';

/** Every report is a read, declared in reports.reads.ts: its query runs on a read worker. */
export const reportsRouter = router({
  highSc: readQuery(authedProcedure, reportReads['reports.highSc']),
  highScSummary: readQuery(authedProcedure, reportReads['reports.highScSummary']),
  profitability: readQuery(adminProcedure, reportReads['reports.profitability']),
  profitabilitySummary: readQuery(adminProcedure, reportReads['reports.profitabilitySummary']),
  participation: readQuery(authedProcedure, reportReads['reports.participation']),
  participationSummary: readQuery(authedProcedure, reportReads['reports.participationSummary']),
  transactionTypes: readQuery(authedProcedure, reportReads['reports.transactionTypes']),
  transactionTypesSummary: readQuery(authedProcedure, reportReads['reports.transactionTypesSummary']),
});
