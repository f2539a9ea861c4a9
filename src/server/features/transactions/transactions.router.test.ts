import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, pairFixture, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { expectFieldErrors, inject, type Method } from '../../testing/rest';

let s: TestServer;
let user: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff: user, pair } = await aliceAtLucky({ timeZone: 'America/New_York' }));
});
afterEach(() => s.stop());

const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = user.auth) =>
  inject(s.app, method, url, headers, payload);

const purchase = () => entryOf(pair, { unplayedCoinsChange: '22000', usdChange: '-20.00' });

describe('POST /api/transactions', () => {
  it('records a purchase and answers 201 with the read shape', async () => {
    const res = await call('POST', '/api/transactions', purchase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      customerId: pair.customer.id,
      casinoId: pair.casino.id,
      transactionTypeId: pair.type.id,
      customer: { name: 'Alice' },
      casino: { name: 'Lucky' },
      transactionType: { name: 'Purchase' },
      unplayedCoinsChange: '22000.00',
      playedCoinsChange: '0.00',
      usdChange: '-20.00',
      purchaseRatio: 1.1,
      unplayedCoinsAfter: '22000.00',
      playedCoinsAfter: '0.00',
      totalCoinsAfter: '22000.00',
      createdByUser: { firstName: 'Sam', lastName: 'Staff', email: user.email },
      version: 1,
    });
    const links = (await call('GET', `/api/customer-casinos?customerId=${pair.customer.id}`)).json();
    expect(links[0]).toMatchObject({ currentUnplayedCoins: '22000.00', currentPlayedCoins: '0.00' });
  });

  it('names every bad field with the spec messages and writes nothing', async () => {
    const res = await call('POST', '/api/transactions', {
      customerId: '',
      casinoId: '',
      transactionTypeId: '',
      unplayedCoinsChange: '',
      playedCoinsChange: 'abc',
      usdChange: '1.005',
    });
    expectFieldErrors(res, [
      { path: 'customerId', message: 'Customer is required' },
      { path: 'casinoId', message: 'Casino is required' },
      { path: 'transactionTypeId', message: 'Transaction type is required' },
      { path: 'unplayedCoinsChange', message: 'Unplayed coins change is required' },
      { path: 'playedCoinsChange', message: 'Must be a valid number' },
      { path: 'usdChange', message: 'Must have at most 2 decimal places' },
    ]);
    const inactive = await pairFixture(s.database.db, { status: 'inactive' });
    const refused = await call('POST', '/api/transactions', {
      ...purchase(),
      customerId: inactive.customer.id,
      casinoId: inactive.casino.id,
      transactionTypeId: inactive.type.id,
    });
    expectFieldErrors(refused, [{ path: 'casinoId', message: 'Customer has no active registration at this casino' }]);
    expect((await call('GET', '/api/transactions?limit=10')).json()).toEqual([]);
  });

  it('records a retry with the same Idempotency-Key once, and refuses the key with another body', async () => {
    const headers = { ...user.auth, 'idempotency-key': 'key-123456789' };
    const first = await call('POST', '/api/transactions', purchase(), headers);
    const again = await call('POST', '/api/transactions', purchase(), headers);
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const other = await call('POST', '/api/transactions', { ...purchase(), usdChange: '-21.00' }, headers);
    expect(other.statusCode).toBe(409);
    expect((await call('GET', '/api/transactions?limit=10')).json()).toHaveLength(1);
  });

  it('needs sign-in', async () => {
    expect((await s.app.inject({ method: 'POST', url: '/api/transactions', payload: purchase() })).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/api/transactions?limit=10' })).statusCode).toBe(401);
  });
});

describe('GET /api/transactions', () => {
  async function seedDates() {
    const db = s.database.db;
    // Office time zone America/New_York: 2026-03-01 runs from 05:00Z to 05:00Z next day.
    const dates = ['2026-03-01T04:59:59.999Z', '2026-03-01T05:00:00.000Z', '2026-03-02T04:59:59.999Z', '2026-03-02T05:00:00.000Z'];
    for (const date of dates) {
      const created = (await call('POST', '/api/transactions', { ...purchase(), usdChange: '-1.00', unplayedCoinsChange: '1000' })).json();
      await db.updateTable('transactions').set({ date }).where('id', '=', created.id).execute();
    }
  }

  it('answers a bare array newest first for limit only, and {transactions, totalCount} with filters', async () => {
    await seedDates();
    const bare = (await call('GET', '/api/transactions?limit=3')).json();
    expect(Array.isArray(bare)).toBe(true);
    expect(bare.map((t: { date: string }) => t.date)).toEqual([
      '2026-03-02T05:00:00.000Z',
      '2026-03-02T04:59:59.999Z',
      '2026-03-01T05:00:00.000Z',
    ]);

    const day = (await call('GET', '/api/transactions?startDate=2026-03-01&endDate=2026-03-01')).json();
    expect(day.totalCount).toBe(2);
    expect(day.transactions.map((t: { date: string }) => t.date)).toEqual(['2026-03-02T04:59:59.999Z', '2026-03-01T05:00:00.000Z']);

    const paged = (await call('GET', `/api/transactions?customerId=${pair.customer.id}&limit=1&offset=1`)).json();
    expect(paged.totalCount).toBe(4);
    expect(paged.transactions).toHaveLength(1);
    expect(paged.transactions[0].date).toBe('2026-03-02T04:59:59.999Z');

    expect((await call('GET', '/api/transactions?casinoId=999')).json()).toEqual({ transactions: [], totalCount: 0 });
    const bad = await call('GET', '/api/transactions?startDate=2026-02-30&limit=0');
    expect(bad.json().errors).toEqual([
      { path: 'startDate', message: 'Must be a real date' },
      { path: 'limit', message: 'Must be at least 1' },
    ]);
  });
});

describe('PATCH and DELETE /api/transactions/:id', () => {
  it('edits in place, moves to another pair, and deletes, keeping balances exact', async () => {
    const other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Star', scRatio: 2000 });
    const first = (await call('POST', '/api/transactions', purchase())).json();
    await call('POST', '/api/transactions', { ...purchase(), unplayedCoinsChange: '100.50', usdChange: '0' });

    const moved = await call(
      'PATCH',
      `/api/transactions/${first.id}`,
      entryOf(other, { unplayedCoinsChange: '44000', playedCoinsChange: '5.25', usdChange: '-20' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      customer: { name: 'Bob' },
      casino: { name: 'Star' },
      purchaseRatio: 1.1,
      totalCoinsAfter: '44005.25',
    });

    const links = (await call('GET', '/api/customer-casinos')).json();
    expect(links).toEqual([
      {
        customerId: pair.customer.id,
        casinoId: pair.casino.id,
        status: 'active',
        currentUnplayedCoins: '100.50',
        currentPlayedCoins: '0.00',
        version: 1,
      },
      {
        customerId: other.customer.id,
        casinoId: other.casino.id,
        status: 'active',
        currentUnplayedCoins: '44000.00',
        currentPlayedCoins: '5.25',
        version: 1,
      },
    ]);
    const wrongType = await call('PATCH', `/api/transactions/${first.id}`, { ...purchase(), transactionTypeId: other.type.id });
    expect(wrongType.json().errors).toEqual([{ path: 'transactionTypeId', message: 'Transaction type does not belong to this casino' }]);

    expect((await call('DELETE', `/api/transactions/${first.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/transactions/${first.id}`)).statusCode).toBe(404);
    const after = (await call('GET', `/api/customer-casinos?customerId=${other.customer.id}`)).json();
    expect(after[0]).toMatchObject({ currentUnplayedCoins: '0.00', currentPlayedCoins: '0.00' });
  });

  it('refuses to delete a type in use, saying how many use it', async () => {
    await call('POST', '/api/transactions', purchase());
    await call('POST', '/api/transactions', purchase());
    const res = await call('DELETE', `/api/transaction-types/${pair.type.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This type is used by 2 transactions and cannot be deleted' });
  });
});
