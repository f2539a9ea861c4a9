import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceAtLucky, type TestServer, type TestUser } from '../testing/test-server';
import type { Pair } from '../testing/fixtures';

// Every day an input reads lies in 1970-01-01 .. 2100-12-31 (shared/dates.ts): a day outside is a 400
// naming the field, never a 500 (the day after 9999-12-31) nor a day booked in another century
// (Date.UTC reads the years 0 to 99 as 1900 to 1999).
let s: TestServer;
let admin: TestUser;
let staff: TestUser;
let pair: Pair;
beforeAll(async () => {
  ({ s, admin, staff, pair } = await aliceAtLucky());
});
afterAll(() => s.stop());

const RANGE = 'Must be between 1970-01-01 and 2100-12-31';
const get = (url: string, user: TestUser) => s.app.inject({ method: 'GET', url, headers: user.auth });
const transactions = () => s.database.sqlite.prepare('select count(*) n from transactions').get();

describe('days outside 1970-01-01 .. 2100-12-31', () => {
  it.each([
    ['History', '/api/transactions?endDate=', 'endDate'],
    ['History', '/api/transactions?startDate=', 'startDate'],
    ['the Transaction Types report', '/api/reports/transaction-types?endDate=', 'endDate'],
    ['Profitability', '/api/reports/profitability?startDate=', 'startDate'],
    ['High SC as of a day', '/api/reports/high-sc?asOf=', 'asOf'],
    ['the audit list', '/api/audit?endDate=', 'endDate'],
    ['the check-in board', '/api/check-ins?date=', 'date'],
  ])('answer 400 naming the field on %s (%s)', async (_screen, url, field) => {
    for (const day of ['0050-06-15', '9999-12-31', '1969-12-31', '2101-01-01']) {
      const res = await get(`${url}${day}`, admin);
      expect(res.statusCode, `${url}${day}`).toBe(400);
      expect(res.json().errors, `${url}${day}`).toEqual([{ path: field, message: RANGE }]);
    }
  });

  it('refuses a check-in dated in the year 50 (it was booked in 1950) and writes nothing', async () => {
    const before = transactions();
    for (const date of ['0050-06-15', '9999-12-31']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/check-ins',
        headers: staff.auth,
        payload: { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: '5.00', date },
      });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'date', message: RANGE }]);
    }
    expect(transactions()).toEqual(before);
  });

  it('refuses a redemption received on such a day', async () => {
    const requested = await s.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: staff.auth,
      payload: {
        customerId: pair.customer.id,
        casinoId: pair.casino.id,
        transactionTypeId: pair.type.id,
        unplayedCoinsChange: '50.00',
        playedCoinsChange: '0',
        usdChange: '0',
      },
    });
    expect(requested.statusCode).toBe(201);
    const redemption = await s.app.inject({
      method: 'POST',
      url: '/api/redemptions',
      headers: staff.auth,
      payload: { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: '10.00', expectedUsd: '10.00' },
    });
    expect(redemption.statusCode).toBe(201);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/redemptions/${redemption.json().id}/receive`,
      headers: staff.auth,
      payload: { usdReceived: '10.00', receivedAt: '0050-06-15' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'receivedAt', message: RANGE }]);
  });

  it('still reads the first and the last day of the range', async () => {
    const history = await get('/api/transactions?startDate=1970-01-01&endDate=2100-12-31', admin);
    expect(history.statusCode).toBe(200);
    expect(history.json().totalCount).toBe(Number((transactions() as { n: number }).n));
    expect((await get('/api/audit?startDate=1970-01-01&endDate=2100-12-31', admin)).statusCode).toBe(200);
    expect((await get('/api/reports/transaction-types?startDate=1970-01-01&endDate=2100-12-31', admin)).statusCode).toBe(200);
    expect((await get('/api/check-ins?date=1970-01-01', admin)).json().date).toBe('1970-01-01');
  });
});
