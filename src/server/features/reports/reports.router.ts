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

const DEFAULT_TYPE_REPORT_ROWS = 1000;

export const reportsRouter = router({
  highSc: authedProcedure.input(highScInput).query(({ ctx, input }) => highSc(ctx.db, input.threshold, input)),
  highScSummary: authedProcedure.input(highScSummaryInput).query(({ ctx, input }) => highScSummary(ctx.db, input.threshold)),
  profitability: adminProcedure
    .input(profitabilityInput)
    .query(({ ctx, input }) => profitability(ctx.db, input ?? {}, ctx.services.config.timeZone)),
  profitabilitySummary: adminProcedure
    .input(profitabilitySummaryInput)
    .query(({ ctx, input }) => profitabilitySummary(ctx.db, input ?? {}, ctx.services.config.timeZone)),
  participation: authedProcedure.input(participationInput).query(({ ctx, input }) => participation(ctx.db, input.masterUserId)),
  transactionTypes: authedProcedure.input(transactionTypesReportInput).query(
    ({ ctx, input }) => {
      const { limit, ...filters } = input ?? {};
      return typeReportRows(ctx.db, filters, ctx.services.config.timeZone, limit ?? DEFAULT_TYPE_REPORT_ROWS);
    },
  ),
  transactionTypesSummary: authedProcedure.input(transactionTypesReportInput).query(
    ({ ctx, input }) => {
      const { limit: _limit, ...filters } = input ?? {};
      return typeReportSummary(ctx.db, filters, ctx.services.config.timeZone);
    },
  ),
});
