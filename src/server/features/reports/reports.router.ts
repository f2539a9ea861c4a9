import {
  highScInput,
  highScSummaryInput,
  participationInput,
  participationSummaryInput,
  profitabilityInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../../shared/schemas/reports';
import { adminProcedure, authedProcedure, read, router } from '../../trpc/procedures';

/** Every report is a read: its query runs on a read worker (reads/read-queries.ts). */
export const reportsRouter = router({
  highSc: authedProcedure.input(highScInput).query(read('reports.highSc')),
  highScSummary: authedProcedure.input(highScSummaryInput).query(read('reports.highScSummary')),
  profitability: adminProcedure.input(profitabilityInput).query(read('reports.profitability')),
  profitabilitySummary: adminProcedure.input(profitabilitySummaryInput).query(read('reports.profitabilitySummary')),
  participation: authedProcedure.input(participationInput).query(read('reports.participation')),
  participationSummary: authedProcedure.input(participationSummaryInput).query(read('reports.participationSummary')),
  transactionTypes: authedProcedure.input(transactionTypesReportInput).query(read('reports.transactionTypes')),
  transactionTypesSummary: authedProcedure.input(transactionTypesReportInput).query(read('reports.transactionTypesSummary')),
});
