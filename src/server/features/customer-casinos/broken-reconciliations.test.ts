import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, type Pair, pairFixture } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
let reconciliationId: number;
let before: string;
let after: string;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
  const now = Date.now();
  before = new Date(now - 3 * 86_400_000).toISOString();
  after = new Date(now + 60_000).toISOString();
  expect(
    (await call('POST', '/api/transactions', entryOf(pair, { unplayedCoinsChange: '100.00', playedCoinsChange: '5.00' }))).statusCode,
  ).toBe(201);
  const res = await call('POST', '/api/customer-casinos/reconcile', {
    customerId: pair.customer.id,
    casinoId: pair.casino.id,
    unplayedCoins: '100.00',
    playedCoins: '5.00',
  });
  reconciliationId = res.json().reconciliationId;
});
afterEach(() => s.stop());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, auth = staff.auth) =>
  s.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const dated = (unplayed: string, date: string) => ({ ...entryOf(pair, { unplayedCoinsChange: unplayed }), occurredAt: date });
const broken = async () => (await call('GET', '/api/reconciliations?status=broken')).json();
const whole = async () => {
  expect(await broken()).toEqual({ reconciliations: [], totalCount: 0 });
  expect((await call('GET', '/api/reconciliations?status=ok')).json().totalCount).toBe(1);
};
const brokenBy = (unplayed: string, played = '5.00') => ({
  reconciliations: [
    {
      id: reconciliationId,
      customerId: pair.customer.id,
      customerName: 'Alice',
      casinoId: pair.casino.id,
      casinoName: 'Lucky',
      at: expect.any(String),
      recordedUnplayed: '100.00',
      recordedPlayed: '5.00',
      ledgerUnplayedAtThatMoment: unplayed,
      ledgerPlayedAtThatMoment: played,
      status: 'broken',
    },
  ],
  totalCount: 1,
});

describe('reconciliations that stay true', () => {
  it('is whole when kept, and a later entry after its moment leaves it whole', async () => {
    await whole();
    expect((await call('POST', '/api/transactions', dated('7.00', after))).statusCode).toBe(201);
    await whole();
  });

  it('is broken by a back-dated entry, and whole again when it is deleted', async () => {
    const entry = (await call('POST', '/api/transactions', dated('7.25', before))).json();
    expect(await broken()).toEqual(brokenBy('107.25'));
    expect((await call('DELETE', `/api/transactions/${entry.id}`)).statusCode).toBe(204);
    await whole();
  });

  it('is broken by an edit of an earlier entry and by an edit that moves one before it, whole when undone', async () => {
    const first = await s.database.db.selectFrom('transactions').select(['id', 'date']).orderBy('id').executeTakeFirstOrThrow();
    const edit = (unplayed: string, date = first.date) =>
      call('PATCH', `/api/transactions/${first.id}`, {
        ...entryOf(pair, { unplayedCoinsChange: unplayed, playedCoinsChange: '5.00' }),
        occurredAt: date,
      });
    expect((await edit('90.00')).statusCode).toBe(200);
    expect(await broken()).toEqual(brokenBy('90.00'));
    expect((await edit('100.00')).statusCode).toBe(200);
    await whole();
    const later = (await call('POST', '/api/transactions', dated('3.00', after))).json();
    expect((await call('PATCH', `/api/transactions/${later.id}`, dated('3.00', before))).statusCode).toBe(200);
    expect(await broken()).toEqual(brokenBy('103.00'));
    expect((await call('PATCH', `/api/transactions/${later.id}`, dated('3.00', after))).statusCode).toBe(200);
    await whole();
  });

  it('is broken by a delete of an earlier entry and whole again by its restore', async () => {
    const first = await s.database.db.selectFrom('transactions').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/transactions/${first.id}`)).statusCode).toBe(204);
    expect(await broken()).toEqual(brokenBy('0.00', '0.00'));
    expect((await call('POST', `/api/transactions/${first.id}/restore`, undefined, admin.auth)).statusCode).toBe(200);
    await whole();
  });

  it('is broken by an imported row dated before it, and whole when that row is deleted', async () => {
    const csv = [
      'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change',
      `${before.slice(0, 10)} 08:00,Alice,Lucky,Purchase,-40.5,0,0`,
    ].join('\r\n');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/import/transactions',
      headers: { ...staff.auth, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode).toBe(201);
    expect(await broken()).toEqual(brokenBy('59.50'));
    const imported = await s.database.db
      .selectFrom('transactions')
      .select('id')
      .where('unplayedCoinsChange', '=', -4050)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/transactions/${imported.id}`)).statusCode).toBe(204);
    await whole();
  });

  it('filters by customer and casino, pages, and refuses a bad status naming it', async () => {
    const other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Other' });
    await call('POST', '/api/customer-casinos/reconcile', {
      customerId: other.customer.id,
      casinoId: other.casino.id,
      unplayedCoins: '1.00',
      playedCoins: '0',
    });
    const all = (await call('GET', '/api/reconciliations')).json();
    expect(all.totalCount).toBe(2);
    expect(all.reconciliations.map((r: { customerName: string }) => r.customerName)).toEqual(['Bob', 'Alice']);
    const bob = (await call('GET', `/api/reconciliations?customerId=${other.customer.id}`)).json();
    expect(bob).toMatchObject({
      totalCount: 1,
      reconciliations: [{ customerName: 'Bob', recordedUnplayed: '1.00', ledgerUnplayedAtThatMoment: '1.00', status: 'ok' }],
    });
    expect(
      (await call('GET', `/api/reconciliations?casinoId=${pair.casino.id}&limit=1&offset=0`)).json().reconciliations[0].casinoName,
    ).toBe('Lucky');
    const bad = await call('GET', '/api/reconciliations?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'status', message: 'Must be broken or ok' }]);
    expect((await s.app.inject({ url: '/api/reconciliations' })).statusCode).toBe(401);
  });
});
