import type { LinkStatus } from '../../shared/constants';
import type { Db } from '../db/types';
import { insertCasino } from '../features/casinos/casinos.repository';
import { setLinkStatus } from '../features/customer-casinos/customer-casinos.repository';
import { insertCustomer } from '../features/customers/customers.repository';
import { insertType } from '../features/transaction-types/transaction-types.repository';

let n = 0;

/** A customer, a casino (scRatio 1000 unless given), an active link and a Purchase type. */
export async function pairFixture(
  db: Db,
  opts: { scRatio?: number; status?: LinkStatus; customerName?: string; casinoName?: string } = {},
) {
  n += 1;
  const customer = await insertCustomer(db, { name: opts.customerName ?? `Customer ${n}`, email: null });
  const casino = await insertCasino(db, {
    name: opts.casinoName ?? `Casino ${n}`,
    website: null,
    isActive: true,
    scRatio: opts.scRatio ?? 1000,
  });
  await setLinkStatus(db, customer.id, casino.id, opts.status ?? 'active');
  const type = await insertType(db, { name: 'Purchase', casinoId: casino.id });
  return { customer, casino, type };
}

/** A customer at a casino with their active link and the casino's Purchase type. */
export type Pair = Awaited<ReturnType<typeof pairFixture>>;
type Changes<T> = { unplayedCoinsChange: T; playedCoinsChange: T; usdChange: T };

/**
 * An entry on a pair fixture's link, of its Purchase type: the changes given (hundredths for the ledger,
 * typed text for a request), 0 for the others.
 */
export function entryOf<T = number>(pair: Pair, changes: Partial<Changes<T>> = {}) {
  return {
    customerId: pair.customer.id,
    casinoId: pair.casino.id,
    transactionTypeId: pair.type.id,
    unplayedCoinsChange: 0,
    playedCoinsChange: 0,
    usdChange: 0,
    ...changes,
  };
}

export async function linkBalances(db: Db, customerId: number, casinoId: number) {
  return db
    .selectFrom('customerCasinos')
    .select(['currentUnplayedCoins', 'currentPlayedCoins', 'usdTotal', 'transactionCount'])
    .where('customerId', '=', customerId)
    .where('casinoId', '=', casinoId)
    .executeTakeFirstOrThrow();
}

/** A user's audit entries, oldest first: each as "entity action", with its after-values parsed. */
export async function auditTrail(db: Db, userId: number) {
  const rows = await db.selectFrom('auditLog').select(['entity', 'action', 'after']).where('userId', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({ step: `${r.entity} ${r.action}`, after: r.after === null ? null : (JSON.parse(r.after) as unknown) }));
}
