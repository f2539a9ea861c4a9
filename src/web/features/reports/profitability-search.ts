import { REPORT_PAGE_SIZE } from '../../../shared/limits';
import { PROFITABILITY_SORTS } from '../../../shared/sorting';
import { dateRangeParams, positiveId, searchSchema, sortParam } from '../../lib/search-params';

export const profitabilitySearch = searchSchema({
  customerId: positiveId,
  casinoId: positiveId,
  ...dateRangeParams,
  sort: sortParam(PROFITABILITY_SORTS),
});
export type ProfitabilitySearch = ReturnType<typeof profitabilitySearch>;

/** The report's page and its summary for a search: the screen's reads and the loader's (one query key each). */
export function profitabilityInputs(search: ProfitabilitySearch, page = 1) {
  const { sort: _sort, ...summary } = search;
  return { list: { ...search, limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE }, summary };
}
