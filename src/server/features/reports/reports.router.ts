import {
  highScInput,
  highScSummaryInput,
  participationInput,
  participationSummaryInput,
  profitabilityInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../../shared/schemas/reports';
import { adminProcedure, authedProcedure, router } from '../../trpc/procedures';

/** Every report is a read: its query runs on a read worker (reads/read-queries.ts). */
export const reportsRouter = router({
  highSc: authedProcedure.input(highScInput).query(({ ctx, input }) => ctx.services.readers.run('reports.highSc', input)),
  highScSummary: authedProcedure
    .input(highScSummaryInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.highScSummary', input)),
  profitability: adminProcedure
    .input(profitabilityInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.profitability', input)),
  profitabilitySummary: adminProcedure
    .input(profitabilitySummaryInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.profitabilitySummary', input)),
  participation: authedProcedure
    .input(participationInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.participation', input)),
  participationSummary: authedProcedure
    .input(participationSummaryInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.participationSummary', input)),
  transactionTypes: authedProcedure
    .input(transactionTypesReportInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.transactionTypes', input)),
  transactionTypesSummary: authedProcedure
    .input(transactionTypesReportInput)
    .query(({ ctx, input }) => ctx.services.readers.run('reports.transactionTypesSummary', input)),
});
