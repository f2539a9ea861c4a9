import { z } from 'zod';
import { casinoSummary, customerSeriesInput, customerSummary, seriesPoint, summaryInput } from '../../../shared/schemas/summaries';
import { declareRead } from '../../reads/read-declaration';
import { customerSeries } from './customer-series';
import { casinoSummary as casinoSummaryOf, customerSummary as customerSummaryOf } from './summaries.repository';

/** The customer and casino pages' reads (decision 180). */
export const summaryReads = {
  'summaries.customer': declareRead({
    input: summaryInput,
    output: customerSummary,
    run: (db, input, env) => customerSummaryOf(db, input.id, env.timeZone),
  }),
  'summaries.casino': declareRead({ input: summaryInput, output: casinoSummary, run: (db, input) => casinoSummaryOf(db, input.id) }),
  'summaries.customerSeries': declareRead({
    input: customerSeriesInput,
    output: z.array(seriesPoint),
    run: (db, input, env) => customerSeries(db, input, env.timeZone),
  }),
};
