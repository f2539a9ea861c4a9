import { z } from 'zod';
import {
  highScRow,
  highScSummaryView,
  participationRow,
  participationSummaryView,
  profitabilityRow,
  profitabilitySummaryView,
  typeReportRow,
  typeReportSummaryView,
} from '../../../shared/schemas/reports';
import {
  highScInput,
  highScSummaryInput,
  participationInput,
  participationSummaryInput,
  profitabilityInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../../shared/schemas/reports';
import { declareRead, everyRowWithoutLimit } from '../../reads/read-declaration';
import { countTransactions, servableSort } from '../transactions/transactions.repository';
import { highScAsOf, highScSummaryAsOf } from './high-sc-as-of';
import { highSc, highScSummary } from './high-sc';
import { participation, participationSummary } from './participation';
import { hasRange, profitability, profitabilitySummary } from './profitability';
import { typeReportReadsRanges, typeReportRows, typeReportSummary } from './type-report';

/** The Transaction Types rows a read without `limit` answers (the screen asks for a page of REPORT_PAGE_SIZE). */
const DEFAULT_TYPE_REPORT_ROWS = 1000;

/**
 * The reports' reads (docs/decisions/020). High SC, Profitability and Participation asked without `limit`
 * answer every row: those run on the export thread, in its line (decision 085). Profitability over a date
 * range and every type over one read the range columns, so they run on the range thread (decisions 023, 027).
 */
export const reportReads = {
  'reports.highSc': declareRead({
    output: z.array(highScRow),
    input: highScInput,
    run: (db, input, env) =>
      input.asOf
        ? highScAsOf(db, { thresholdUsd: input.threshold, asOf: input.asOf, timeZone: env.timeZone }, input)
        : highSc(db, input.threshold, input),
    pool: everyRowWithoutLimit,
  }),
  'reports.highScSummary': declareRead({
    output: highScSummaryView,
    input: highScSummaryInput,
    run: (db, input, env) =>
      input.asOf ? highScSummaryAsOf(db, input.threshold, input.asOf, env.timeZone) : highScSummary(db, input.threshold),
  }),
  'reports.profitability': declareRead({
    output: z.array(profitabilityRow),
    input: profitabilityInput,
    run: (db, input, env) => profitability(db, input ?? {}, env.timeZone),
    pool: (input) => (everyRowWithoutLimit(input) === 'exports' ? 'exports' : hasRange(input ?? {}) ? 'ranges' : 'screens'),
  }),
  'reports.profitabilitySummary': declareRead({
    output: profitabilitySummaryView,
    input: profitabilitySummaryInput,
    run: (db, input, env) => profitabilitySummary(db, input ?? {}, env.timeZone),
    pool: (input) => (hasRange(input ?? {}) ? 'ranges' : 'screens'),
  }),
  'reports.participation': declareRead({
    output: z.array(participationRow),
    input: participationInput,
    run: (db, input) => participation(db, input.masterUserId, input, input.sort),
    pool: everyRowWithoutLimit,
  }),
  'reports.participationSummary': declareRead({
    output: participationSummaryView,
    input: participationSummaryInput,
    run: (db, input) => participationSummary(db, input.masterUserId),
  }),
  'reports.transactionTypes': declareRead({
    output: z.array(typeReportRow),
    input: transactionTypesReportInput,
    run: async (db, input, env) => {
      const { limit, offset, sort: sortText, ...filters } = input ?? {};
      // A sort or a page past the first needs the matching count (a deep page is read from the nearer end).
      const totalCount = sortText || offset ? await countTransactions(db, filters, env.timeZone) : undefined;
      const sort = sortText && totalCount !== undefined ? servableSort(sortText, filters, totalCount) : undefined;
      return typeReportRows(db, { filters, timeZone: env.timeZone, limit: limit ?? DEFAULT_TYPE_REPORT_ROWS, offset, totalCount, sort });
    },
    pool: (input) => (typeReportReadsRanges(input ?? {}) ? 'ranges' : 'screens'),
  }),
  'reports.transactionTypesSummary': declareRead({
    output: typeReportSummaryView,
    input: transactionTypesReportInput,
    run: (db, input, env) => {
      const { limit: _limit, offset: _offset, sort: _sort, ...filters } = input ?? {};
      return typeReportSummary(db, filters, env.timeZone);
    },
    pool: (input) => (typeReportReadsRanges(input ?? {}) ? 'ranges' : 'screens'),
  }),
};
