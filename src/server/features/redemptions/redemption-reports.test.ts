import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditTrail, entryOf, linkBalances, pairFixture, type Pair } from '../../testing/fixtures';
import { redemptionCalls, startRedemptionOffice } from '../../testing/redemption-office';
import { type TestServer, type TestUser } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { closeRedemption, receiveRedemption, requestRedemption } from './redemption-steps';
import { redemptionsRouter } from './redemptions.router';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => ({ s, staff, admin, pair } = await startRedemptionOffice()));
afterEach(() => s.stop());

const { post, get, request } = redemptionCalls(() => ({ s, staff, admin, pair }));

/** PERCENTILE.INC recomputed here (closest ranks, linear between them), one decimal; null for no values. */
const recompute = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const v = [...xs].sort((a, b) => a - b);
  const i = (v.length - 1) * p;
  return Math.round((v[Math.floor(i)] + (v[Math.ceil(i)] - v[Math.floor(i)]) * (i - Math.floor(i))) * 10) / 10;
};

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
