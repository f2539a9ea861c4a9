import { CHECK_IN_PAGE_SIZE } from '../../../shared/limits';
import { CHECK_IN_SORTS } from '../../../shared/sorting';
import { dayParam, oneOf, positiveId, searchSchema, type SearchParam } from '../../lib/search-params';

/** The check-ins board's descending flag stays the text 'true' in the URL. */
const descParam: SearchParam<'true'> = (value) => (value === true || value === 'true' ? 'true' : undefined);

/** The board's day, filters, sort and page, kept in the URL. */
export const checkInsSearch = searchSchema({
  date: dayParam,
  status: oneOf(['done', 'missing']),
  customerId: positiveId,
  casinoId: positiveId,
  sort: oneOf(CHECK_IN_SORTS),
  desc: descParam,
  page: positiveId,
});
export type CheckInsSearch = ReturnType<typeof checkInsSearch>;

/** The board a search asks for: the screen's read and the route's loader send the same input (one query key). */
export function boardInput(search: CheckInsSearch) {
  const page = search.page ?? 1;
  return {
    date: search.date,
    status: search.status,
    customerId: search.customerId,
    casinoId: search.casinoId,
    sort: search.sort ?? 'customer',
    desc: search.desc === 'true' || undefined,
    limit: CHECK_IN_PAGE_SIZE,
    offset: (page - 1) * CHECK_IN_PAGE_SIZE,
  };
}
