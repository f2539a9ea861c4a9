import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { receiveRedemption, requestRedemption } from './redemption-steps';

// Decision 096: overdue past twice the casino's median time to pay, that median taken as at least one day.
let s: TestServer;
let staff: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, pair } = await aliceAtLucky({ timeZone: 'America/New_York' }));
  const buy = await s.app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: staff.auth,
    payload: entryOf(pair, { unplayedCoinsChange: '1500.25', playedCoinsChange: '20.00', usdChange: '-15.00' }),
  });
  expect(buy.statusCode).toBe(201);
});
afterEach(() => s.stop());

const get = (url: string) => s.app.inject({ url, headers: staff.auth });

describe('overdue redemptions', () => {
  it('a casino that pays the same day marks a request overdue only past two days (twice a median of at least one day)', async () => {
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    // Lucky pays within the hour: a median of 0.02 days.
    for (const requested of [10, 20, 30]) {
      const id = await requestRedemption(
        s.database.db,
        { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: 100, expectedUsd: 100 },
        staff.id,
        ago(requested),
      );
      await receiveRedemption(
        s.database.db,
        { id, usdReceived: 100, receivedAt: ago(requested - 0.02).toISOString() },
        { userId: staff.id, timeZone: 'UTC', now: new Date(now) },
      );
    }
    for (const [age, usd] of [
      [2.5, 300],
      [1.5, 200],
      [0.1, 100],
    ])
      await requestRedemption(
        s.database.db,
        { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: 100, expectedUsd: usd },
        staff.id,
        ago(age),
      );
    const pending = (await get('/api/redemptions?status=pending')).json();
    expect(
      pending.redemptions.map((r: { expectedUsd: string; ageDays: number; overdue: boolean }) => [r.expectedUsd, r.ageDays, r.overdue]),
    ).toEqual([
      ['3.00', 2, true],
      ['2.00', 1, false],
      ['1.00', 0, false],
    ]);
  });
});
