import { DEFAULT_HIGH_SC_THRESHOLD } from '../../../shared/constants';
import { REPORT_PAGE_SIZE } from '../../../shared/limits';
import { HIGH_SC_SORTS } from '../../../shared/sorting';
import { dayParam, positiveId, searchSchema, sortParam } from '../../lib/search-params';

export const highScSearch = searchSchema({ threshold: positiveId, asOf: dayParam, sort: sortParam(HIGH_SC_SORTS) });
export type HighScSearch = ReturnType<typeof highScSearch>;

/** The report's summary and its page of links for a search: the screen's reads and the loader's (one query key each). */
export function highScInputs(search: HighScSearch, page = 1) {
  const summary = { threshold: search.threshold ?? DEFAULT_HIGH_SC_THRESHOLD, ...(search.asOf ? { asOf: search.asOf } : {}) };
  return { summary, list: { ...summary, sort: search.sort, limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE } };
}
