import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { summaryReads } from './summaries.reads';

/** The customer and casino pages (staff and admins): reads declared in summaries.reads.ts. */
export const summariesRouter = router({
  customer: readQuery(authedProcedure, summaryReads['summaries.customer']),
  casino: readQuery(authedProcedure, summaryReads['summaries.casino']),
  customerSeries: readQuery(authedProcedure, summaryReads['summaries.customerSeries']),
});
