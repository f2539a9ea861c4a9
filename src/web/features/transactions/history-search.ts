import type { z } from 'zod';
import { HISTORY_SORTS } from '../../../shared/sorting';
import { dayParam, positiveId, searchSchema, sortParam, typeNameParam } from '../../lib/search-params';

/** The History screen's filters, page and sort, kept in the URL. */
export const historySearch = searchSchema({
  customerId: positiveId,
  casinoId: positiveId,
  transactionTypeId: positiveId,
  typeName: typeNameParam,
  startDate: dayParam,
  endDate: dayParam,
  page: positiveId,
  sort: sortParam(HISTORY_SORTS),
});
export type HistorySearch = z.output<typeof historySearch>;
