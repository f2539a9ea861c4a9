import { REDEMPTION_STATUSES } from '../../../shared/constants';
import { REDEMPTIONS_PAGE_SIZE } from '../../../shared/limits';
import { oneOf, positiveId, searchSchema } from '../../lib/search-params';

export const redemptionsSearch = searchSchema({
  status: oneOf([...REDEMPTION_STATUSES, 'all']),
  customerId: positiveId,
  casinoId: positiveId,
  page: positiveId,
});
export type RedemptionsSearch = ReturnType<typeof redemptionsSearch>;

/** The page of redemptions a search asks for (pending unless told): the screen's read and the loader's. */
export function redemptionsInput({ status = 'pending', customerId, casinoId, page = 1 }: RedemptionsSearch) {
  return {
    status: status === 'all' ? undefined : status,
    customerId,
    casinoId,
    limit: REDEMPTIONS_PAGE_SIZE,
    offset: (page - 1) * REDEMPTIONS_PAGE_SIZE,
  };
}
