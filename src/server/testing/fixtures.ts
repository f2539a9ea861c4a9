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

export async function linkBalances(db: Db, customerId: number, casinoId: number) {
  return db
    .selectFrom('customerCasinos')
    .select(['currentUnplayedCoins', 'currentPlayedCoins', 'usdTotal', 'transactionCount'])
    .where('customerId', '=', customerId)
    .where('casinoId', '=', casinoId)
    .executeTakeFirstOrThrow();
}
