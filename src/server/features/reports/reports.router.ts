import {
  highScInput,
  highScSummaryInput,
  participationInput,
  profitabilityInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../../shared/schemas/reports';
import { adminProcedure, authedProcedure, router } from '../../trpc/procedures';
import { highSc, highScSummary, participation, profitability, profitabilitySummary, typeReportRows, typeReportSummary } from './reports.repository';
import { cached } from '../../trpc/cached';

const DEFAULT_TYPE_REPORT_ROWS = 1000;

export const reportsRouter = router({
  highSc: authedProcedure.input(highScInput).query(cached('reports.highSc', ({ ctx, input }) => highSc(ctx.db, input.threshold, input))),
  highScSummary: authedProcedure.input(highScSummaryInput).query(cached('reports.highScSummary', ({ ctx, input }) => highScSummary(ctx.db, input.threshold))),
  profitability: adminProcedure
    .input(profitabilityInput)
    .query(cached('reports.profitability', ({ ctx, input }) => profitability(ctx.db, input ?? {}, ctx.services.config.timeZone))),
  profitabilitySummary: adminProcedure
    .input(profitabilitySummaryInput)
    .query(cached('reports.profitabilitySummary', ({ ctx, input }) => profitabilitySummary(ctx.db, input ?? {}, ctx.services.config.timeZone))),
  participation: authedProcedure.input(participationInput).query(cached('reports.participation', ({ ctx, input }) => participation(ctx.db, input.masterUserId))),
  transactionTypes: authedProcedure.input(transactionTypesReportInput).query(
    cached('reports.transactionTypes', ({ ctx, input }) => {
      const { limit, ...filters } = input ?? {};
      return typeReportRows(ctx.db, filters, ctx.services.config.timeZone, limit ?? DEFAULT_TYPE_REPORT_ROWS);
    }),
  ),
  transactionTypesSummary: authedProcedure.input(transactionTypesReportInput).query(
    cached('reports.transactionTypesSummary', ({ ctx, input }) => {
      const { limit: _limit, ...filters } = input ?? {};
      return typeReportSummary(ctx.db, filters, ctx.services.config.timeZone);
    }),
  ),
});
