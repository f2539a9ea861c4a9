import { skipToken, useQuery } from '@tanstack/react-query';
import { toHundredths } from '../../../shared/money';
import { instantProblem } from '../../../shared/value-rules';
import { failureOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { TxFormValues } from './form-state';

/**
 * The pair's balance just before a dated entry, from the server (decision 111): the base of the preview
 * for a back-dated entry on Add Transaction and for every entry in the Edit dialog. Nothing is asked
 * until customer, casino and a whole date are there; while an answer is on its way the after-values show
 * as unknown (another date's balance is not this one's).
 */
export function useBalanceBefore(values: TxFormValues, at: string | undefined, transactionId?: number) {
  const customerId = Number(values.customerId);
  const casinoId = Number(values.casinoId);
  const ready = customerId > 0 && casinoId > 0 && at !== undefined && instantProblem(at) === null;
  const query = useQuery(trpc.customerCasinos.balanceBefore.queryOptions(ready ? { customerId, casinoId, at, transactionId } : skipToken));
  return {
    asked: ready,
    base: query.data ? { unplayed: toHundredths(query.data.unplayed), played: toHundredths(query.data.played) } : null,
    pending: ready && query.isPending,
    failure: ready ? failureOf(query) : null,
  };
}
