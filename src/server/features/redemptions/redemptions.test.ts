import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditTrail, entryOf, linkBalances, pairFixture, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { closeRedemption, receiveRedemption, requestRedemption } from './redemption-steps';
import { listRedemptions } from './redemptions.repository';
import { redemptionsRouter } from './redemptions.router';
import { expectFieldErrors, inject } from '../../testing/rest';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'America/New_York' }));
  // 1500.25 unplayed and 20.00 played SC, bought for 15.00 USD.
  const buy = await post(
    '/api/transactions',
    entryOf(pair, { unplayedCoinsChange: '1500.25', playedCoinsChange: '20.00', usdChange: '-15.00' }),
  );
  expect(buy.statusCode).toBe(201);
});
afterEach(() => s.stop());

const post = (url: string, payload: unknown, auth = staff.auth) =>
  s.app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
const get = (url: string, auth = staff.auth) => s.app.inject({ url, headers: auth });
const request = (body: Record<string, unknown> = {}) =>
  post('/api/redemptions', {
    customerId: pair.customer.id,
    casinoId: pair.casino.id,
    unplayedCoins: '1000.25',
    playedCoins: '20.00',
    expectedUsd: '100.00',
    note: 'Weekly cash-out',
    ...body,
  });
const transaction = async (id: number) =>
  (await get(`/api/transactions/${id}/audit`)).statusCode === 200 &&
  (await s.database.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const profit = async (query = '') => (await get(`/api/reports/profitability${query}`, admin.auth)).json() as { totalUSD: string }[];

/** PERCENTILE.INC recomputed here (closest ranks, linear between them), one decimal; null for no values. */
const recompute = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const v = [...xs].sort((a, b) => a - b);
  const i = (v.length - 1) * p;
  return Math.round((v[Math.floor(i)] + (v[Math.ceil(i)] - v[Math.floor(i)]) * (i - Math.floor(i))) * 10) / 10;
};

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

describe('reports and access', () => {
  it('In transit sums every pending redemption; the payout report matches a recomputation of median and 90th percentile', async () => {
    const other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Star' });
    await post('/api/transactions', entryOf(other, { unplayedCoinsChange: '100000', playedCoinsChange: '0', usdChange: '-100' }));
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    // Lucky pays in 1, 2, 3 and 10 days (inside 180 days); one more took 40 days but was paid 200 days ago.
    const lucky = [
      [12, 1],
      [20, 2],
      [30, 3],
      [50, 10],
      [240, 40],
    ];
    for (const [requested, took] of lucky) {
      const id = await requestRedemption(
        s.database.db,
        { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: 100, expectedUsd: 1000 },
        staff.id,
        ago(requested),
      );
      await receiveRedemption(
        s.database.db,
        { id, usdReceived: 1000, receivedAt: ago(requested - took).toISOString() },
        { userId: staff.id, timeZone: 'UTC', now: new Date(now) },
      );
    }
    await requestRedemption(
      s.database.db,
      { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: 100, expectedUsd: 2550 },
      staff.id,
      ago(25),
    );
    await requestRedemption(
      s.database.db,
      { customerId: other.customer.id, casinoId: other.casino.id, unplayedCoins: 100, expectedUsd: 12345 },
      staff.id,
      ago(1),
    );
    const rejected = (
      await post('/api/redemptions', { customerId: other.customer.id, casinoId: other.casino.id, unplayedCoins: '1', expectedUsd: '1' })
    ).json();
    await post(`/api/redemptions/${rejected.id}/reject`, {});

    const all = (await get('/api/redemptions')).json();
    expect(all).toMatchObject({ totalCount: 8, inTransitUsd: '148.95', inTransitCount: 2 });
    expect((await get(`/api/redemptions?casinoId=${pair.casino.id}`)).json()).toMatchObject({
      totalCount: 6,
      inTransitUsd: '25.50',
      inTransitCount: 1,
    });
    const pending = (await get('/api/redemptions?status=pending')).json();
    // Oldest first; Lucky's 25-day-old one is older than twice its median (2.5 days): highlighted.
    expect(
      pending.redemptions.map((r: { casinoName: string; ageDays: number; overdue: boolean }) => [r.casinoName, r.ageDays, r.overdue]),
    ).toEqual([
      ['Lucky', 25, true],
      ['Star', 1, false],
    ]);

    const report = (await get('/api/reports/redemptions')).json();
    expect(report.rows).toEqual([
      {
        casinoId: pair.casino.id,
        casinoName: 'Lucky',
        pendingCount: 1,
        pendingUsd: '25.50',
        receivedCount: 4,
        medianDays: recompute([1, 2, 3, 10], 0.5),
        p90Days: recompute([1, 2, 3, 10], 0.9),
        rejectedCount: 0,
      },
      {
        casinoId: other.casino.id,
        casinoName: 'Star',
        pendingCount: 1,
        pendingUsd: '123.45',
        receivedCount: 0,
        medianDays: null,
        p90Days: null,
        rejectedCount: 1,
      },
    ]);
    expect([report.rows[0].medianDays, report.rows[0].p90Days]).toEqual([2.5, 7.9]);
    expect((await get('/api/redemptions?status=paid')).statusCode).toBe(400);

    const csv = await get('/api/exports/redemptions.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/redemptions_report_\d{4}-\d{2}-\d{2}\.csv/);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual([
      'Casino,Pending,Pending USD,Received (180 days),Median Days to Pay,90th Percentile Days,Rejected (180 days)',
      'Lucky,1,25.5,4,2.5,7.9,0',
      'Star,1,123.45,0,,,1',
    ]);
  });

  it('matches a recomputation of In transit, counts, median and 90th percentile over a random set of redemptions', async () => {
    const pairs = [
      pair,
      ...(await Promise.all(['Star', 'Moon'].map((casinoName, i) => pairFixture(s.database.db, { customerName: `C${i}`, casinoName })))),
    ];
    for (const p of pairs.slice(1))
      await post('/api/transactions', entryOf(p, { unplayedCoinsChange: '1000.00', playedCoinsChange: '0', usdChange: '-10.00' }));
    let seed = 18;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const now = Date.now();
    const expected = new Map<number, { days: number[]; pending: number[]; rejected: number }>();
    for (const [k, p] of pairs.entries()) {
      // Moon (the third) pays nothing in the window: its median and 90th percentile are empty.
      const n = [8, 5, 3][k];
      const e = { days: [] as number[], pending: [] as number[], rejected: 0 };
      expected.set(p.casino.id, e);
      for (let j = 0; j < n; j++) {
        const requested = 1 + random() * 170;
        const usd = 1 + Math.floor(random() * 50_000);
        const at = new Date(now - requested * 86_400_000);
        const id = await requestRedemption(
          s.database.db,
          { customerId: p.customer.id, casinoId: p.casino.id, unplayedCoins: 100, expectedUsd: usd },
          staff.id,
          at,
        );
        const fate = k === 2 ? (j === 0 ? 'reject' : 'pending') : j < 2 ? 'pending' : j === 2 ? 'reject' : 'receive';
        if (fate === 'pending') e.pending.push(usd);
        else if (fate === 'reject') {
          await closeRedemption(
            s.database.db,
            { id, status: 'rejected', note: null },
            { userId: staff.id, now: new Date(at.getTime() + 3_600_000) },
          );
          e.rejected++;
        } else {
          const took = random() * (requested - 0.01);
          await receiveRedemption(
            s.database.db,
            { id, usdReceived: usd, receivedAt: new Date(at.getTime() + took * 86_400_000).toISOString() },
            { userId: staff.id, timeZone: 'UTC', now: new Date(now) },
          );
          e.days.push(took);
        }
      }
    }
    const cents = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / 100).toFixed(2);
    const allPending = [...expected.values()].flatMap((e) => e.pending);
    expect((await get('/api/redemptions')).json()).toMatchObject({ inTransitUsd: cents(allPending), inTransitCount: allPending.length });
    const report = (await get('/api/reports/redemptions')).json();
    const byName = [...pairs].sort((a, b) => a.casino.name.localeCompare(b.casino.name));
    expect(report.rows).toEqual(
      byName.map((p) => {
        const e = expected.get(p.casino.id)!;
        return {
          casinoId: p.casino.id,
          casinoName: p.casino.name,
          pendingCount: e.pending.length,
          pendingUsd: cents(e.pending),
          receivedCount: e.days.length,
          medianDays: recompute(e.days, 0.5),
          p90Days: recompute(e.days, 0.9),
          rejectedCount: e.rejected,
        };
      }),
    );
    // An odd count (five, Lucky) and an even one (two, Star) both exercised; Moon none.
    expect(report.rows.map((r: { receivedCount: number }) => r.receivedCount)).toEqual([5, 0, 2]);
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });

  it('lets staff do every step, and audits each one with its ledger entries', async () => {
    const r = (await request()).json();
    await post(`/api/redemptions/${r.id}/receive`, { usdReceived: '99.00' });
    const r2 = (await request({ unplayedCoins: '1.00', playedCoins: '0' })).json();
    await post(`/api/redemptions/${r2.id}/cancel`, { note: 'Typed twice' });
    const r3 = (await request({ unplayedCoins: '2.00', playedCoins: '0', expectedUsd: '0.02' })).json();
    await post(`/api/redemptions/${r3.id}/reject`, { note: 'KYC' });
    const audit = await auditTrail(s.database.db, staff.id);
    expect(audit.map((a) => a.step)).toEqual([
      'transaction create',
      'transactionType create',
      'transaction redemption-request',
      'redemption request',
      'transaction redemption-receipt',
      'redemption receive',
      'transaction redemption-request',
      'redemption request',
      'transaction redemption-reversal',
      'redemption cancel',
      'transaction redemption-request',
      'redemption request',
      'transaction redemption-reversal',
      'redemption reject',
    ]);
    // Each ledger entry's audit names what it booked; each redemption step the redemption as it became.
    expect(audit[2].after).toMatchObject({ unplayedCoinsChange: '-1000.25', playedCoinsChange: '-20.00', usdChange: '0.00' });
    expect(audit[3].after).toMatchObject({ status: 'pending', expectedUsd: '100.00', unplayedCoins: '1000.25' });
    expect(audit[4].after).toMatchObject({ unplayedCoinsChange: '0.00', usdChange: '99.00' });
    expect(audit[5].after).toMatchObject({ status: 'received', usdReceived: '99.00', expectedUsd: '100.00' });
    expect(audit[8].after).toMatchObject({ unplayedCoinsChange: '1.00', usdChange: '0.00' });
    expect(audit[9].after).toMatchObject({ status: 'cancelled', finishNote: 'Typed twice' });
    expect(audit[12].after).toMatchObject({ unplayedCoinsChange: '2.00', usdChange: '0.00' });
    expect(audit[13].after).toMatchObject({ status: 'rejected', finishNote: 'KYC' });
    expect((await get('/api/redemptions', { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('lets staff reach every redemption procedure, over REST and tRPC alike', async () => {
    const procedures = Object.entries(redemptionsRouter._def.procedures).map(([name, p]) => [
      name,
      (p as { _def: { meta?: { access?: string } } })._def.meta?.access,
    ]);
    expect(procedures.sort()).toEqual(
      ['cancel', 'inTransit', 'list', 'receive', 'reject', 'report', 'request'].map((name) => [name, 'authed']),
    );
    // REST, as staff: every route answers its success status.
    for (const url of ['/api/redemptions', '/api/redemptions?status=pending', '/api/reports/redemptions', '/api/exports/redemptions.csv'])
      expect((await get(url)).statusCode, url).toBe(200);
    // tRPC, as staff: each step, and the reads see them.
    const caller = s.caller(staff);
    const base = { customerId: pair.customer.id, casinoId: pair.casino.id, expectedUsd: '1.00' };
    const a = await caller.redemptions.request({ ...base, unplayedCoins: '10.00' });
    const b = await caller.redemptions.request({ ...base, unplayedCoins: '20.00' });
    const c = await caller.redemptions.request({ ...base, unplayedCoins: '30.00' });
    expect(await caller.redemptions.inTransit()).toEqual({ usd: '3.00', count: 3 });
    expect((await caller.redemptions.receive({ id: a.id, usdReceived: '0.90' })).status).toBe('received');
    expect((await caller.redemptions.reject({ id: b.id })).status).toBe('rejected');
    expect((await caller.redemptions.cancel({ id: c.id })).status).toBe('cancelled');
    expect((await caller.redemptions.list({})).totalCount).toBe(3);
    expect((await caller.redemptions.report({})).rows).toMatchObject([{ casinoName: 'Lucky', receivedCount: 1, rejectedCount: 1 }]);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({
      currentUnplayedCoins: 150025 - 1000,
      usdTotal: -1500 + 90,
    });
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
