import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, linkBalances, type Pair } from '../../testing/fixtures';
import { expectFieldErrors } from '../../testing/rest';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { requestRedemption } from '../redemptions/redemption-steps';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
});
afterEach(() => s.stop());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, auth = staff.auth) =>
  s.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const entry = (unplayed: string, day: string) => ({ ...entryOf(pair, { unplayedCoinsChange: unplayed }), occurredAt: `${day}T10:00:00Z` });
const close = (through: string, auth = admin.auth) => call('POST', '/api/books/close', { through, note: 'November checked' }, auth);
const reopen = (through: string | null) => call('POST', '/api/books/reopen', { through, reason: 'Casino corrected a payout' }, admin.auth);
const CLOSED = 'The books are closed through Nov 10, 2026: nothing dated on or before it can be added, changed or removed';

/** Everything a refused write could have touched. */
async function snapshot() {
  const db = s.database.db;
  const count = async (table: 'transactions' | 'deletedTransactions' | 'auditLog' | 'redemptions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    transactions: await db
      .selectFrom('transactions')
      .select(['id', 'date', 'unplayedCoinsChange', 'unplayedCoinsAfter'])
      .orderBy('id')
      .execute(),
    deleted: await count('deletedTransactions'),
    audit: await count('auditLog'),
    redemptions: await db.selectFrom('redemptions').select(['id', 'status']).execute(),
    link: await linkBalances(db, pair.customer.id, pair.casino.id),
  };
}

async function expectRefused(res: { statusCode: number; json: () => unknown }, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: CLOSED });
  expect(await snapshot()).toEqual(before);
}

describe('closing the books', () => {
  it('closes through a past day, answers who and when, and GET /api/books shows it with its history to staff too', async () => {
    const res = await close('2026-11-10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closedThrough: '2026-11-10', closedAt: expect.any(String), closedBy: 'Ada Admin' });
    const books = await call('GET', '/api/books');
    expect(books.statusCode).toBe(200);
    expect(books.json()).toEqual({
      closedThrough: '2026-11-10',
      closedBefore: '2026-11-11T00:00:00.000Z',
      history: [{ action: 'close', through: '2026-11-10', at: expect.any(String), by: 'Ada Admin', note: 'November checked' }],
    });
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'before', 'after'])
      .where('entity', '=', 'books')
      .execute();
    expect(audit).toEqual([
      {
        action: 'close',
        entity: 'books',
        before: '{"closedThrough":null}',
        after: '{"closedThrough":"2026-11-10","note":"November checked"}',
      },
    ]);
  });

  it('refuses staff, today or later, and a day before the current close', async () => {
    expect((await close('2026-11-10', staff.auth)).statusCode).toBe(403);
    const today = new Date().toISOString().slice(0, 10);
    expect((await close(today)).statusCode).toBe(400);
    expect((await close(today)).json().errors[0].path).toBe('through');
    expect((await close('2026-11-10')).statusCode).toBe(200);
    const earlier = await close('2026-11-09');
    expectFieldErrors(earlier, [{ path: 'through', message: 'The books are already closed through Nov 10, 2026; reopen them first' }]);
    expect((await call('GET', '/api/books')).json().closedThrough).toBe('2026-11-10');
  });

  it('reopens only for an admin with a reason, to an earlier day or to nothing, audited', async () => {
    expect((await call('POST', '/api/books/reopen', { through: null, reason: 'x' }, admin.auth)).statusCode).toBe(409);
    await close('2026-11-10');
    expect((await call('POST', '/api/books/reopen', { through: null, reason: 'Because' })).statusCode).toBe(403);
    expectFieldErrors(await call('POST', '/api/books/reopen', { through: null, reason: '  ' }, admin.auth), [
      { path: 'reason', message: 'A reason is required' },
    ]);
    expectFieldErrors(await call('POST', '/api/books/reopen', { through: null }, admin.auth), [
      { path: 'reason', message: 'A reason is required' },
    ]);
    expect((await reopen('2026-11-10')).statusCode).toBe(400);
    const res = await reopen('2026-11-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ closedThrough: '2026-11-01', closedBy: 'Ada Admin' });
    expect((await reopen(null)).json().closedThrough).toBeNull();
    const books = (await call('GET', '/api/books')).json();
    expect(books.closedThrough).toBeNull();
    expect(books.history.map((h: { action: string; through: string | null; note: string }) => [h.action, h.through, h.note])).toEqual([
      ['reopen', null, 'Casino corrected a payout'],
      ['reopen', '2026-11-01', 'Casino corrected a payout'],
      ['close', '2026-11-10', 'November checked'],
    ]);
    const audit = await s.database.db.selectFrom('auditLog').select(['action']).where('entity', '=', 'books').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['close', 'reopen', 'reopen']);
  });
});

describe('a closed period refuses every balance-changing write into it, writing nothing', () => {
  it('refuses a new entry dated in it, and takes it once the close moves back', async () => {
    await close('2026-11-10');
    const before = await snapshot();
    await expectRefused(await call('POST', '/api/transactions', entry('10.00', '2026-11-10')), before);
    // The day after the close and master data are untouched by it.
    expect((await call('POST', '/api/transactions', entry('5.00', '2026-11-11'))).statusCode).toBe(201);
    expect((await call('PATCH', `/api/customers/${pair.customer.id}`, { name: 'Alice B' })).statusCode).toBe(200);
    await reopen('2026-11-09');
    expect((await call('POST', '/api/transactions', entry('10.00', '2026-11-10'))).statusCode).toBe(201);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 1500 });
  });

  it('refuses an edit and a delete of an entry in it, and an edit that moves a later entry into it', async () => {
    const inside = (await call('POST', '/api/transactions', entry('10.00', '2026-11-05'))).json();
    const after = (await call('POST', '/api/transactions', entry('20.00', '2026-11-15'))).json();
    await close('2026-11-10');
    const before = await snapshot();
    await expectRefused(await call('PATCH', `/api/transactions/${inside.id}`, entry('11.00', '2026-11-05')), before);
    await expectRefused(await call('PATCH', `/api/transactions/${inside.id}`, entry('10.00', '2026-11-12')), before);
    await expectRefused(await call('PATCH', `/api/transactions/${after.id}`, entry('20.00', '2026-11-09')), before);
    await expectRefused(await call('DELETE', `/api/transactions/${inside.id}`), before);
    // A later entry's own edit stays open.
    expect((await call('PATCH', `/api/transactions/${after.id}`, entry('21.00', '2026-11-15'))).statusCode).toBe(200);
    await reopen('2026-11-01');
    expect((await call('PATCH', `/api/transactions/${inside.id}`, entry('11.00', '2026-11-05'))).statusCode).toBe(200);
    expect((await call('PATCH', `/api/transactions/${after.id}`, entry('21.00', '2026-11-09'))).statusCode).toBe(200);
    expect((await call('DELETE', `/api/transactions/${inside.id}`)).statusCode).toBe(204);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 2100 });
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });

  it('refuses the restore of a deleted entry dated in it', async () => {
    const inside = (await call('POST', '/api/transactions', entry('10.00', '2026-11-05'))).json();
    expect((await call('DELETE', `/api/transactions/${inside.id}`)).statusCode).toBe(204);
    await close('2026-11-10');
    const before = await snapshot();
    await expectRefused(await call('POST', `/api/transactions/${inside.id}/restore`, undefined, admin.auth), before);
    await reopen('2026-11-04');
    expect((await call('POST', `/api/transactions/${inside.id}/restore`, undefined, admin.auth)).statusCode).toBe(200);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 1000 });
  });

  it('reports each imported row dated in it with the closed message, as other bad rows', async () => {
    await close('2026-11-10');
    const before = await snapshot();
    const csv = [
      'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change',
      '2026-11-10 23:59,Alice,Lucky,Purchase,100,0,-1.00',
      '2026-11-11 00:00,Alice,Lucky,Purchase,200,0,-2.00',
    ].join('\r\n');
    const post = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/import/transactions',
        headers: { ...staff.auth, 'content-type': 'text/csv' },
        payload: csv,
      });
    const res = await post();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ committed: false, valid: 1, invalid: 1 });
    expect(res.json().errors).toEqual([{ row: 2, field: 'date', column: 'Date', value: '2026-11-10 23:59', message: CLOSED }]);
    expect(await snapshot()).toEqual(before);
    await reopen('2026-11-09');
    expect((await post()).statusCode).toBe(201);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 30000 });
  });

  it('refuses a redemption step dated in it', async () => {
    expect((await call('POST', '/api/transactions', entry('500.00', '2026-11-01'))).statusCode).toBe(201);
    const input = { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: 10000, expectedUsd: 9000, note: null };
    const redemptionId = await requestRedemption(s.database.db, input, staff.id, new Date('2026-11-05T12:00:00Z'));
    await close('2026-11-10');
    const before = await snapshot();
    await expectRefused(
      await call('POST', `/api/redemptions/${redemptionId}/receive`, { usdReceived: '90.00', receivedAt: '2026-11-06T09:00:00Z' }),
      before,
    );
    await reopen('2026-11-05');
    const res = await call('POST', `/api/redemptions/${redemptionId}/receive`, {
      usdReceived: '90.00',
      receivedAt: '2026-11-06T09:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', usdReceived: '90.00' });
  });
});
