import { z } from 'zod';
import {
  highScInput,
  highScRow,
  highScSummaryInput,
  highScSummaryView,
  participationInput,
  participationRow,
  participationSummaryInput,
  participationSummaryView,
  profitabilityInput,
  profitabilityRow,
  profitabilitySummaryInput,
  profitabilitySummaryView,
  transactionTypesReportInput,
  typeReportRow,
  typeReportSummaryView,
} from '../../../shared/schemas/reports';
import { adminProcedure, authedProcedure, read, router } from '../../trpc/procedures';

/** Every report is a read: its query runs on a read worker (reads/read-queries.ts). */
export const reportsRouter = router({
  highSc: authedProcedure.input(highScInput).output(z.array(highScRow)).query(read('reports.highSc')),
  highScSummary: authedProcedure.input(highScSummaryInput).output(highScSummaryView).query(read('reports.highScSummary')),
  profitability: adminProcedure.input(profitabilityInput).output(z.array(profitabilityRow)).query(read('reports.profitability')),
  profitabilitySummary: adminProcedure
    .input(profitabilitySummaryInput)
    .output(profitabilitySummaryView)
    .query(read('reports.profitabilitySummary')),
  participation: authedProcedure.input(participationInput).output(z.array(participationRow)).query(read('reports.participation')),
  participationSummary: authedProcedure
    .input(participationSummaryInput)
    .output(participationSummaryView)
    .query(read('reports.participationSummary')),
  transactionTypes: authedProcedure
    .input(transactionTypesReportInput)
    .output(z.array(typeReportRow))
    .query(read('reports.transactionTypes')),
  transactionTypesSummary: authedProcedure
    .input(transactionTypesReportInput)
    .output(typeReportSummaryView)
    .query(read('reports.transactionTypesSummary')),
});
