import { HISTORY_PAGE_SIZE } from '../../../shared/constants';
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
export type HistorySearch = ReturnType<typeof historySearch>;

/**
 * The page of History a search asks for: the screen's read and its route's loader send the same input
 * (one query key), so the read started as the route loads is the one the screen shows.
 */
export function historyListInput(search: HistorySearch) {
  const { page = 1, sort, ...filters } = search;
  return { ...filters, sort, limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE };
}
