import { REPORT_PAGE_SIZE } from '../../../shared/limits';
import { PARTICIPATION_SORTS } from '../../../shared/sorting';
import { positiveId, searchSchema, sortParam } from '../../lib/search-params';

export const participationSearch = searchSchema({ masterUserId: positiveId, sort: sortParam(PARTICIPATION_SORTS) });
export type ParticipationSearch = ReturnType<typeof participationSearch>;

/** The report's page and summary for a master customer: the screen's reads and the loader's (one query key each). */
export function participationInputs({ masterUserId = 0, sort }: ParticipationSearch, page = 1) {
  return {
    list: { masterUserId, sort, limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE },
    summary: { masterUserId },
  };
}
