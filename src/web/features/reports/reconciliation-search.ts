import { DEFAULT_STALE_DAYS, RECONCILIATION_PAGE_SIZE } from '../../../shared/limits';
import { oneOf, positiveId, searchSchema } from '../../lib/search-params';

export const reconciliationSearch = searchSchema({ staleDays: positiveId, page: positiveId, show: oneOf(['broken']) });
export type ReconciliationSearch = ReturnType<typeof reconciliationSearch>;

/** The report's page for a search: the screen's read and the loader's (one query key). */
export function reconciliationInput({ staleDays = DEFAULT_STALE_DAYS, page = 1 }: ReconciliationSearch) {
  return { staleDays, limit: RECONCILIATION_PAGE_SIZE, offset: (page - 1) * RECONCILIATION_PAGE_SIZE };
}
