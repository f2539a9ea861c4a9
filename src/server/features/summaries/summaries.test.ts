import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { highScUsdHundredths } from '../../../shared/ledger';
import { formatHundredths } from '../../../shared/money';
import type { CasinoSummary, CustomerSummary } from '../../../shared/schemas/summaries';
import type { Db } from '../../db/types';
import { entryOf, pairFixture, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
let pair: Pair;
let other: Pair;
beforeEach(async () => {
  ({ s, staff, pair } = await aliceAtLucky({ timeZone: 'America/New_York' }));
  other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Zeta' });
});
afterEach(() => s.stop());

const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url, headers: staff.auth, payload });
const get = (url: string, auth: Record<string, string> = staff.auth) => s.app.inject({ url, headers: auth });

/** Every figure recomputed from the transactions and redemptions tables, for the customer's or casino's links. */
async function recomputed(db: Db, where: { customerId?: number; casinoId?: number }) {
  const links = await db
    .selectFrom('customerCasinos')
    .select(['customerId', 'casinoId'])
    .$if(where.customerId !== undefined, (q) => q.where('customerId', '=', where.customerId!))
    .$if(where.casinoId !== undefined, (q) => q.where('casinoId', '=', where.casinoId!))
    .execute();
  const rows = await db.selectFrom('transactions').selectAll().orderBy('date').orderBy('id').execute();
  const pending = await db.selectFrom('redemptions').selectAll().where('status', '=', 'pending').execute();
  const mine = (r: { customerId: number; casinoId: number }) =>
    (where.customerId === undefined || r.customerId === where.customerId) &&
    (where.casinoId === undefined || r.casinoId === where.casinoId);
  const perLink = links.map((l) => {
    const own = rows.filter((t) => t.customerId === l.customerId && t.casinoId === l.casinoId);
    const u = own.reduce((a, t) => a + t.unplayedCoinsChange, 0);
    const p = own.reduce((a, t) => a + t.playedCoinsChange, 0);
    const transit = pending
      .filter((r) => r.customerId === l.customerId && r.casinoId === l.casinoId)
      .reduce((a, r) => a + r.expectedUsd, 0);
    return { ...l, u, p, usd: highScUsdHundredths(u, p), transit, last: own.length ? own[own.length - 1].date : null };
  });
  const usd = rows.filter(mine).map((t) => t.usdChange);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const purchases = sum(usd.filter((v) => v < 0));
  const redemptions = sum(usd.filter((v) => v > 0));
  return {
    perLink,
    totals: {
      unplayedCoins: formatHundredths(sum(perLink.map((l) => l.u))),
      playedCoins: formatHundredths(sum(perLink.map((l) => l.p))),
      totalCoins: formatHundredths(sum(perLink.map((l) => l.u + l.p))),
      usdValue: formatHundredths(sum(perLink.map((l) => l.usd))),
      inTransitUsd: formatHundredths(sum(perLink.map((l) => l.transit))),
      purchasesUsd: formatHundredths(purchases),
      redemptionsUsd: formatHundredths(redemptions),
      netUsd: formatHundredths(purchases + redemptions),
    },
  };
}

describe('customer and casino summaries', () => {
  it('equal a recomputation from the transactions after entries, an edit, a delete, a received redemption and a check-in', async () => {
    const a = (changes: Record<string, string>, p = pair) => post('/api/transactions', entryOf(p, changes));
    const first = (await a({ unplayedCoinsChange: '150025.37', playedCoinsChange: '20.01', usdChange: '-150.00' })).json<{ id: number }>();
    await a({ unplayedCoinsChange: '999.99', usdChange: '-0.99' });
    const gone = (await a({ unplayedCoinsChange: '5000.00', usdChange: '-5.00' })).json<{ id: number }>();
    await a({ unplayedCoinsChange: '700.00', usdChange: '-7.00' }, other);
    // A second casino for Alice, so her page has two rows and totals over both.
    const zetaType = other.type;
    await post('/api/customer-casinos', { customerId: pair.customer.id, casinoId: other.casino.id, status: 'active' });
    await post('/api/transactions', {
      customerId: pair.customer.id,
      casinoId: other.casino.id,
      transactionTypeId: zetaType.id,
      unplayedCoinsChange: '1234.56',
      playedCoinsChange: '0',
      usdChange: '-1.23',
    });
    const edit = await s.app.inject({
      method: 'PATCH',
      url: `/api/transactions/${first.id}`,
      headers: staff.auth,
      payload: { ...entryOf(pair, { unplayedCoinsChange: '150000.50', playedCoinsChange: '25.25', usdChange: '-149.99' }) },
    });
    expect(edit.statusCode).toBe(200);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/transactions/${gone.id}`, headers: staff.auth })).statusCode).toBe(204);
    const received = (
      await post('/api/redemptions', {
        customerId: pair.customer.id,
        casinoId: pair.casino.id,
        unplayedCoins: '100000.00',
        playedCoins: '0',
        expectedUsd: '100.00',
      })
    ).json<{ id: number }>();
    expect((await post(`/api/redemptions/${received.id}/receive`, { usdReceived: '99.50' })).statusCode).toBe(200);
    expect(
      (
        await post('/api/redemptions', {
          customerId: pair.customer.id,
          casinoId: pair.casino.id,
          unplayedCoins: '10000.00',
          playedCoins: '0',
          expectedUsd: '10.01',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await post('/api/check-ins', { customerId: pair.customer.id, casinoId: pair.casino.id, unplayedCoins: '3.33' })).statusCode,
    ).toBe(201);

    const res = await get(`/api/customers/${pair.customer.id}/summary`);
    expect(res.statusCode).toBe(200);
    const summary = res.json<CustomerSummary>();
    const truth = await recomputed(s.database.db, { customerId: pair.customer.id });
    expect(summary.totals).toEqual(truth.totals);
    // The figures by hand: 150000.50 + 999.99 - 100000 - 10000 + 3.33 unplayed at Lucky, 25.25 played.
    expect(summary.links.map((l) => [l.casinoName, l.unplayedCoins, l.playedCoins, l.usdValue, l.inTransitUsd, l.streak])).toEqual([
      ['Lucky', '41003.82', '25.25', '41.03', '10.01', 1],
      ['Zeta', '1234.56', '0.00', '1.23', '0.00', 0],
    ]);
    expect(summary.totals).toMatchObject({ purchasesUsd: '-152.21', redemptionsUsd: '99.50', netUsd: '-52.71', inTransitUsd: '10.01' });
    for (const l of summary.links) {
      const t = truth.perLink.find((x) => x.casinoId === l.casinoId)!;
      expect([l.unplayedCoins, l.playedCoins, l.totalCoins, l.usdValue, l.inTransitUsd, l.lastActivityAt]).toEqual([
        formatHundredths(t.u),
        formatHundredths(t.p),
        formatHundredths(t.u + t.p),
        formatHundredths(t.usd),
        formatHundredths(t.transit),
        t.last,
      ]);
    }
    expect(summary.links[0].lastCheckInAt).not.toBeNull();
    expect(summary.customer).toMatchObject({ id: pair.customer.id, name: 'Alice', isActive: true });

    const casino = (await get(`/api/casinos/${other.casino.id}/summary`)).json<CasinoSummary>();
    const casinoTruth = await recomputed(s.database.db, { casinoId: other.casino.id });
    expect(casino.totals).toEqual(casinoTruth.totals);
    expect(casino.links.map((l) => [l.customerName, l.unplayedCoins, l.usdValue])).toEqual([
      ['Alice', '1234.56', '1.23'],
      ['Bob', '700.00', '0.70'],
    ]);
    expect(casino.totals).toMatchObject({ purchasesUsd: '-8.23', redemptionsUsd: '0.00', netUsd: '-8.23', usdValue: '1.93' });
  });

  it('answer 404 for an unknown customer or casino, 400 for a bad id, 401 signed out; staff are allowed', async () => {
    expect((await get('/api/customers/9999/summary')).json()).toMatchObject({ message: 'Customer not found' });
    expect((await get('/api/customers/9999/summary')).statusCode).toBe(404);
    expect((await get('/api/casinos/9999/summary')).statusCode).toBe(404);
    expect((await get('/api/casinos/abc/summary')).statusCode).toBe(400);
    expect((await get(`/api/customers/${pair.customer.id}/summary`, {})).statusCode).toBe(401);
    expect((await get(`/api/casinos/${pair.casino.id}/summary`, {})).statusCode).toBe(401);
    expect((await get(`/api/casinos/${pair.casino.id}/summary`)).statusCode).toBe(200);
  });

  it("the chart's series: the USD value at each day's end and the day's USD out and in", async () => {
    const at = (day: string) => `${day}T15:00:00.000Z`;
    const add = (occurredAt: string, changes: Record<string, string>) =>
      post('/api/transactions', { ...entryOf(pair, changes), occurredAt });
    await add(at('2026-10-01'), { unplayedCoinsChange: '20000.00', usdChange: '-20.00' });
    await add(at('2026-10-03'), { unplayedCoinsChange: '-5000.00', usdChange: '5.00' });
    // Back-dated before the range: counted in the opening balance only.
    await add(at('2026-09-20'), { unplayedCoinsChange: '1000.00', usdChange: '-1.00' });
    const res = await get(`/api/customers/${pair.customer.id}/series?startDate=2026-10-01&endDate=2026-10-03&step=day`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { day: '2026-10-01', usdValue: '21.00', purchasesUsd: '-20.00', redemptionsUsd: '0.00', netUsd: '-20.00' },
      { day: '2026-10-02', usdValue: '21.00', purchasesUsd: '0.00', redemptionsUsd: '0.00', netUsd: '0.00' },
      { day: '2026-10-03', usdValue: '16.00', purchasesUsd: '0.00', redemptionsUsd: '5.00', netUsd: '5.00' },
    ]);
    const weeks = (await get(`/api/customers/${pair.customer.id}/series?startDate=2026-09-28&endDate=2026-10-11&step=week`)).json();
    expect(weeks).toEqual([
      { day: '2026-09-28', usdValue: '16.00', purchasesUsd: '-20.00', redemptionsUsd: '5.00', netUsd: '-15.00' },
      { day: '2026-10-05', usdValue: '16.00', purchasesUsd: '0.00', redemptionsUsd: '0.00', netUsd: '0.00' },
    ]);
    const tooLong = await get(`/api/customers/${pair.customer.id}/series?startDate=2020-01-01&endDate=2026-10-11&step=day`);
    expect(tooLong.statusCode).toBe(400);
  });
});
