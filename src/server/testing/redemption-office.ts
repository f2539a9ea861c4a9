import { expect } from 'vitest';
import { entryOf, type Pair } from './fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from './test-server';

export interface RedemptionOffice {
  s: TestServer;
  staff: TestUser;
  admin: TestUser;
  pair: Pair;
}

/** Alice at Lucky (office time zone New York) holding 1500.25 unplayed and 20.00 played SC, bought for 15.00 USD. */
export async function startRedemptionOffice(): Promise<RedemptionOffice> {
  const office = await aliceAtLucky({ timeZone: 'America/New_York' });
  const buy = await office.s.app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: office.staff.auth,
    payload: entryOf(office.pair, { unplayedCoinsChange: '1500.25', playedCoinsChange: '20.00', usdChange: '-15.00' }),
  });
  expect(buy.statusCode).toBe(201);
  return office;
}

/** The REST calls of the redemption tests, on the office `at()` answers (as staff unless told). */
export function redemptionCalls(at: () => RedemptionOffice) {
  const post = (url: string, payload: unknown, auth = at().staff.auth) =>
    at().s.app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
  const get = (url: string, auth = at().staff.auth) => at().s.app.inject({ url, headers: auth });
  const request = (body: Record<string, unknown> = {}) =>
    post('/api/redemptions', {
      customerId: at().pair.customer.id,
      casinoId: at().pair.casino.id,
      unplayedCoins: '1000.25',
      playedCoins: '20.00',
      expectedUsd: '100.00',
      note: 'Weekly cash-out',
      ...body,
    });
  return { post, get, request };
}
