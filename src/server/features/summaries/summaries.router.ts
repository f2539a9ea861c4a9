import { customerSeriesInput, summaryInput } from '../../../shared/schemas/summaries';
import { authedProcedure, read, router } from '../../trpc/procedures';

/** The customer and casino pages (staff and admins): reads on the read pool (reads/read-queries.ts). */
export const summariesRouter = router({
  customer: authedProcedure.input(summaryInput).query(read('summaries.customer')),
  casino: authedProcedure.input(summaryInput).query(read('summaries.casino')),
  customerSeries: authedProcedure.input(customerSeriesInput).query(read('summaries.customerSeries')),
});
