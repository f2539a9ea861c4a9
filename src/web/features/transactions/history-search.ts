import { HISTORY_SORTS } from '../../../shared/sorting';
import { dayParam, positiveId, searchValidator, sortParam } from '../../lib/search-params';

/** The History screen's filters, page and sort, kept in the URL. */
export const validateHistorySearch = searchValidator({
  customerId: positiveId,
  casinoId: positiveId,
  transactionTypeId: positiveId,
  startDate: dayParam,
  endDate: dayParam,
  page: positiveId,
  sort: sortParam(HISTORY_SORTS),
});
export type HistorySearch = ReturnType<typeof validateHistorySearch>;
