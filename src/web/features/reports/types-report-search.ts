import { REPORT_PAGE_SIZE } from '../../../shared/limits';
import { HISTORY_SORTS } from '../../../shared/sorting';
import { dateRangeParams, positiveId, searchSchema, sortParam, typeNameParam } from '../../lib/search-params';

/** The Transaction Types report's filters, page and sort, kept in the URL. */
export const typesReportSearch = searchSchema({
  transactionTypeId: positiveId,
  typeName: typeNameParam,
  ...dateRangeParams,
  page: positiveId,
  sort: sortParam(HISTORY_SORTS),
});
export type TypesReportSearch = ReturnType<typeof typesReportSearch>;

/**
 * The report's reads for a search: its summary (the cards, every matching transaction) and its page of
 * rows. The screen's reads and the route's loader send the same inputs (one query key each).
 */
export function typesReportInputs(search: TypesReportSearch) {
  const { page = 1, sort, ...filters } = search;
  return { summary: filters, rows: { ...filters, sort, limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE } };
}
