import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, linkBalances, type Pair } from '../../testing/fixtures';
import { type TestServer, type TestUser } from '../../testing/test-server';
import { redemptionCalls, startRedemptionOffice } from '../../testing/redemption-office';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { receiveRedemption, requestRedemption } from './redemption-steps';
import { listRedemptions } from './redemptions.repository';
import { expectFieldErrors, inject } from '../../testing/rest';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => ({ s, staff, admin, pair } = await startRedemptionOffice()));
afterEach(() => s.stop());

const { post, get, request } = redemptionCalls(() => ({ s, staff, admin, pair }));
const transaction = async (id: number) =>
  (await get(`/api/transactions/${id}/audit`)).statusCode === 200 &&
  (await s.database.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const profit = async (query = '') => (await get(`/api/reports/profitability${query}`, admin.auth)).json() as { totalUSD: string }[];

describe('request -> receive', () => {
  it('moves the coins out at once and counts the USD only once received, at the received date', async () => {
    const res = await request();
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      status: 'pending',
      customerName: 'Alice',
      casinoName: 'Lucky',
      unplayedCoins: '1000.25',
      playedCoins: '20.00',
      expectedUsd: '100.00',
      note: 'Weekly cash-out',
      ageDays: 0,
      requestedBy: 'Sam Staff',
      usdReceived: null,
    });
    const req = await transaction(r.requestTransactionId);
    expect(req).toMatchObject({
      unplayedCoinsChange: -100025,
      playedCoinsChange: -2000,
      usdChange: 0,
      unplayedCoinsAfter: 50000,
      playedCoinsAfter: 0,
      totalCoinsAfter: 50000,
    });
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toEqual({
      currentUnplayedCoins: 50000,
      currentPlayedCoins: 0,
      usdTotal: -1500,
      transactionCount: 2,
    });
    // Pending money is not profit: Profitability still shows only the purchase.
    expect((await profit())[0].totalUSD).toBe('-15.00');
    const list = (await get('/api/redemptions?status=pending')).json();
    expect(list).toMatchObject({ totalCount: 1, inTransitUsd: '100.00', inTransitCount: 1, redemptions: [{ id: r.id }] });

    // Received yesterday (office day), 97.50 instead of 100.00 (a fee).
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - 86_400_000));
    // The request was made today: a receipt dated yesterday is before it.
    const early = await post(`/api/redemptions/${r.id}/receive`, { usdReceived: '97.50', receivedAt: yesterday });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].path).toBe('receivedAt');
    const received = await post(`/api/redemptions/${r.id}/receive`, { usdReceived: '97.50' });
    expect(received.statusCode).toBe(200);
    const done = received.json();
    expect(done).toMatchObject({
      status: 'received',
      usdReceived: '97.50',
      expectedUsd: '100.00',
      ageDays: null,
      finishedBy: 'Sam Staff',
      receiptTransactionId: expect.any(Number),
    });
    const receipt = await transaction(done.receiptTransactionId);
    expect(receipt).toMatchObject({
      usdChange: 9750,
      unplayedCoinsChange: 0,
      playedCoinsChange: 0,
      unplayedCoinsAfter: 50000,
      playedCoinsAfter: 0,
      date: done.receivedAt,
    });
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toEqual({
      currentUnplayedCoins: 50000,
      currentPlayedCoins: 0,
      usdTotal: 8250,
      transactionCount: 3,
    });
    expect((await profit())[0].totalUSD).toBe('82.50');
    expect((await get('/api/redemptions')).json()).toMatchObject({ inTransitUsd: '0.00', inTransitCount: 0 });
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });

  it('books a receipt at an earlier received date in date order, and Profitability counts it on that day only', async () => {
    // Requested ten days ago, received three days ago; a purchase two days ago sits after the receipt.
    const now = Date.now();
    const id = await requestRedemption(
      s.database.db,
      { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: 50000, expectedUsd: 5000 },
      staff.id,
      new Date(now - 10 * 86_400_000),
    );
    const threeDaysAgo = new Date(now - 3 * 86_400_000);
    await receiveRedemption(
      s.database.db,
      { id, usdReceived: 4875, receivedAt: threeDaysAgo.toISOString() },
      { userId: staff.id, timeZone: 'America/New_York', now: new Date(now) },
    );
    const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(ms));
    expect((await profit(`?endDate=${day(now - 4 * 86_400_000)}`))[0].totalUSD).toBe('0.00');
    expect((await profit(`?startDate=${day(now - 3 * 86_400_000)}&endDate=${day(now - 3 * 86_400_000)}`))[0].totalUSD).toBe('48.75');
    const types = (
      await get(`/api/reports/transaction-types?startDate=${day(now - 3 * 86_400_000)}&endDate=${day(now - 3 * 86_400_000)}`)
    ).json();
    expect(types.map((t: { usdChange: string; transactionType: { name: string } }) => [t.transactionType.name, t.usdChange])).toEqual([
      ['Withdraw', '48.75'],
    ]);
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });
});

describe('request -> reject or cancel', () => {
  it('books the coins back with a linked reversing entry and deletes nothing', async () => {
    const r = (await request({ note: undefined })).json();
    const rejected = await post(`/api/redemptions/${r.id}/reject`, { note: 'KYC documents missing' });
    expect(rejected.statusCode).toBe(200);
    const body = rejected.json();
    expect(body).toMatchObject({
      status: 'rejected',
      finishNote: 'KYC documents missing',
      usdReceived: null,
      reversalTransactionId: expect.any(Number),
    });
    expect(await transaction(body.reversalTransactionId)).toMatchObject({
      unplayedCoinsChange: 100025,
      playedCoinsChange: 2000,
      usdChange: 0,
      unplayedCoinsAfter: 150025,
      playedCoinsAfter: 2000,
    });
    // The request entry is still there: three transactions, balances back where they were.
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toEqual({
      currentUnplayedCoins: 150025,
      currentPlayedCoins: 2000,
      usdTotal: -1500,
      transactionCount: 3,
    });
    expect(await transaction(r.requestTransactionId)).toMatchObject({ unplayedCoinsChange: -100025 });
    const r2 = (await request({ unplayedCoins: '1.00', playedCoins: undefined, expectedUsd: '0.01' })).json();
    expect((await post(`/api/redemptions/${r2.id}/cancel`, {})).json()).toMatchObject({ status: 'cancelled', playedCoins: '0.00' });
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({
      currentUnplayedCoins: 150025,
      transactionCount: 5,
    });
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });

  it('answers 409 to any step on a redemption that is no longer pending, writing nothing', async () => {
    const r = (await request()).json();
    expect((await post(`/api/redemptions/${r.id}/receive`, { usdReceived: '100.00' })).statusCode).toBe(200);
    const before = await linkBalances(s.database.db, pair.customer.id, pair.casino.id);
    for (const step of ['receive', 'reject', 'cancel']) {
      const res = await post(`/api/redemptions/${r.id}/${step}`, step === 'receive' ? { usdReceived: '1.00' } : {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This redemption is already received');
    }
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toEqual(before);
    expect((await post('/api/redemptions/99999/reject', {})).statusCode).toBe(404);
  });
});

describe('input rules', () => {
  it('refuses more coins than the balance holds with a field message, and writes nothing', async () => {
    const res = await request({ unplayedCoins: '1500.26' });
    expectFieldErrors(res, [{ path: 'unplayedCoins', message: 'More than the balance: 1500.25 unplayed SC' }]);
    const played = await request({ unplayedCoins: '1.00', playedCoins: '20.01' });
    expect(played.json().errors).toEqual([{ path: 'playedCoins', message: 'More than the balance: 20.00 played SC' }]);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({
      currentUnplayedCoins: 150025,
      transactionCount: 1,
    });
    expect(await s.database.db.selectFrom('redemptions').selectAll().execute()).toEqual([]);
    expect(await s.database.db.selectFrom('transactionTypes').select('name').where('casinoId', '=', pair.casino.id).execute()).toEqual([
      { name: 'Purchase' },
    ]);
  });

  it('applies the strict rules of every amount', async () => {
    const res = await request({ unplayedCoins: '1,000', expectedUsd: '100.005', playedCoins: '-1' });
    expectFieldErrors(res, [
      { path: 'unplayedCoins', message: 'Must be a valid number: leave out the thousands separators (1000)' },
      { path: 'playedCoins', message: 'Must be 0 or more' },
      { path: 'expectedUsd', message: 'Must have at most 2 decimal places' },
    ]);
    const r = (await request()).json();
    const bad = await post(`/api/redemptions/${r.id}/receive`, { usdReceived: '97.5x', receivedAt: '2026-13-01' });
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['usdReceived', 'receivedAt']);
    const future = await post(`/api/redemptions/${r.id}/receive`, {
      usdReceived: '1.00',
      receivedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.json().errors).toEqual([{ path: 'receivedAt', message: 'Must not be in the future' }]);
  });
});

describe("a redemption's entries in History", () => {
  it('cannot be edited or deleted (409 naming the redemption and the step); other entries still can', async () => {
    const r = (await request()).json();
    const done = (await post(`/api/redemptions/${r.id}/receive`, { usdReceived: '97.50' })).json();
    const storedEntry = (id: number) => s.database.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await storedEntry(done.receiptTransactionId);
    for (const [id, step] of [
      [r.requestTransactionId, 'request'],
      [done.receiptTransactionId, 'receipt'],
    ] as const) {
      const message = `This transaction is the ${step} of redemption #${r.id}; it cannot be edited or deleted (cancel or finish the redemption instead)`;
      const edit = await inject(
        s.app,
        'PATCH',
        `/api/transactions/${id}`,
        staff.auth,
        entryOf(pair, { unplayedCoinsChange: '0', playedCoinsChange: '0', usdChange: '1.00' }),
      );
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(message);
      const remove = await s.app.inject({ method: 'DELETE', url: `/api/transactions/${id}`, headers: admin.auth });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe(message);
    }
    expect(await storedEntry(done.receiptTransactionId)).toEqual(before);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toEqual({
      currentUnplayedCoins: 50000,
      currentPlayedCoins: 0,
      usdTotal: 8250,
      transactionCount: 3,
    });
    // The purchase before it is an ordinary entry.
    const purchase = await s.database.db.selectFrom('transactions').select('id').where('usdChange', '=', -1500).executeTakeFirstOrThrow();
    expect((await s.app.inject({ method: 'DELETE', url: `/api/transactions/${purchase.id}`, headers: staff.auth })).statusCode).toBe(204);
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });
});

describe('the received day of Mark received', () => {
  it("defaults to the office day, not the browser's or UTC's: the request's office day and today's", async () => {
    const r = (await request()).json();
    // Asked at 21:00 in New York on the 23rd (02:00 UTC on the 24th), read an hour later.
    await s.database.db.updateTable('redemptions').set({ requestedAt: '2026-11-24T02:00:00.000Z' }).where('id', '=', r.id).execute();
    const page = await listRedemptions(s.database.db, { status: 'pending' }, 'America/New_York', new Date('2026-11-24T03:00:00Z'));
    expect(page.redemptions[0]).toMatchObject({ id: r.id, requestedDay: '2026-11-23', officeToday: '2026-11-23' });
    const utc = await listRedemptions(s.database.db, { status: 'pending' }, 'UTC', new Date('2026-11-24T03:00:00Z'));
    expect(utc.redemptions[0]).toMatchObject({ requestedDay: '2026-11-24', officeToday: '2026-11-24' });
  });
});
