import { dayParam, positiveId, searchValidator } from '../../lib/search-params';

/** The History screen's filters and page, kept in the URL. */
export const validateHistorySearch = searchValidator({
  customerId: positiveId,
  casinoId: positiveId,
  transactionTypeId: positiveId,
  startDate: dayParam,
  endDate: dayParam,
  page: positiveId,
});
export type HistorySearch = ReturnType<typeof validateHistorySearch>;
