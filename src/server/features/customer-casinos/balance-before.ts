import { formatHundredths } from '../../../shared/money';
import type { BalanceBeforeInput, PairBalance } from '../../../shared/schemas/customer-casinos';
import type { Db } from '../../db/types';

/** (date, id) order, the ledger's order of a pair's entries (decision 050). */
const before = (a: { date: string; id: number }, b: { date: string; id: number }) => a.date < b.date || (a.date === b.date && a.id < b.id);

/**
 * The pair's balance just before an entry dated `at` (decision 111), from the stored after-values as the
 * balances "as of" a day are (decision 031): the after-values of the pair's last entry ahead of it in
 * (date, id) order, 0 before the first. A new entry gets the next id, so it comes after every entry of
 * its instant. An edited entry (`transactionId`) keeps its id and is left out; where it stands ahead of
 * that last entry today, its own changes are inside that entry's after-values and are taken back out.
 * Two seeks on the pair-date index and one by id.
 */
export async function balanceBefore(db: Db, input: BalanceBeforeInput): Promise<PairBalance> {
  const { customerId, casinoId, at, transactionId } = input;
  const edited =
    transactionId === undefined
      ? undefined
      : await db
          .selectFrom('transactions')
          .select(['id', 'date', 'customerId', 'casinoId', 'unplayedCoinsChange', 'playedCoinsChange'])
          .where('id', '=', transactionId)
          .executeTakeFirst();
  let query = db
    .selectFrom('transactions')
    .select(['id', 'date', 'unplayedCoinsAfter', 'playedCoinsAfter'])
    .where('customerId', '=', customerId)
    .where('casinoId', '=', casinoId);
  query =
    transactionId === undefined
      ? query.where('date', '<=', at)
      : query
          .where('id', '!=', transactionId)
          .where((eb) => eb.or([eb('date', '<', at), eb.and([eb('date', '=', at), eb('id', '<', transactionId)])]));
  const last = await query.orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  let unplayed = last?.unplayedCoinsAfter ?? 0;
  let played = last?.playedCoinsAfter ?? 0;
  if (last && edited && edited.customerId === customerId && edited.casinoId === casinoId && before(edited, last)) {
    unplayed -= edited.unplayedCoinsChange;
    played -= edited.playedCoinsChange;
  }
  return { unplayed: formatHundredths(unplayed), played: formatHundredths(played) };
}
