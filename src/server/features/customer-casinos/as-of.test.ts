import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, pairFixture } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { createEntry } from '../transactions/ledger';
import { expectFieldErrors } from '../../testing/rest';

let s: TestServer;
let staff: TestUser;
beforeEach(async () => {
  s = await createTestServer({ timeZone: 'America/New_York' });
  staff = await s.addUser('staff');
});
afterEach(() => s.stop());

describe('GET /api/customer-casinos?customerId=X&asOf=YYYY-MM-DD', () => {
  it('answers the balances at the end of that office day, equal to a recomputation', async () => {
    const pair = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
    const db = s.database.db;
    const f = (u: number, p: number) => entryOf(pair, { unplayedCoinsChange: u, playedCoinsChange: p });
    // New York: 10:00 on Mar 1, 23:30 on Mar 2 (04:30 UTC on Mar 3), 09:00 on Mar 3.
    const entries: [string, number, number][] = [
      ['2026-03-01T15:00:00.000Z', 150025, 0],
      ['2026-03-03T04:30:00.000Z', -2500, 1000],
      ['2026-03-03T14:00:00.000Z', 7, 3],
    ];
    for (const [at, u, p] of entries) await createEntry(db, f(u, p), { userId: staff.id, now: new Date(at) });
    const asOf = async (day: string) =>
      (await s.app.inject({ url: `/api/customer-casinos?customerId=${pair.customer.id}&asOf=${day}`, headers: staff.auth })).json();
    const recompute = (endUtc: string) => {
      const upTo = entries.filter(([at]) => at < endUtc);
      const sum = (i: 1 | 2) => upTo.reduce((n, e) => n + e[i], 0);
      return [(sum(1) / 100).toFixed(2), (sum(2) / 100).toFixed(2)];
    };
    const cases: [string, string][] = [
      ['2026-02-28', '2026-03-01T05:00:00.000Z'],
      ['2026-03-01', '2026-03-02T05:00:00.000Z'],
      ['2026-03-02', '2026-03-03T05:00:00.000Z'],
      ['2026-03-03', '2026-03-04T05:00:00.000Z'],
    ];
    for (const [day, end] of cases) {
      const [link] = await asOf(day);
      expect([link.currentUnplayedCoins, link.currentPlayedCoins], day).toEqual(recompute(end));
    }
    expect((await asOf('2026-03-02'))[0]).toEqual({
      customerId: pair.customer.id,
      casinoId: pair.casino.id,
      status: 'active',
      currentUnplayedCoins: '1475.25',
      currentPlayedCoins: '10.00',
      version: 1,
    });
  });

  it('needs a customer with a date, and a real date', async () => {
    const res = await s.app.inject({ url: '/api/customer-casinos?asOf=2026-03-02', headers: staff.auth });
    expectFieldErrors(res, [{ path: 'customerId', message: 'Choose a customer to see balances as of a date' }]);
    const bad = await s.app.inject({ url: '/api/customer-casinos?customerId=1&asOf=2026-02-30', headers: staff.auth });
    expect(bad.json().errors).toEqual([{ path: 'asOf', message: 'Must be a real date' }]);
  });

  it('High SC as of a date lists the balances above the threshold at the end of that day', async () => {
    const db = s.database.db;
    const a = await pairFixture(db, { customerName: 'Ann', casinoName: 'Lucky' });
    const b = await pairFixture(db, { customerName: 'Bob', casinoName: 'Star' });
    const f = (p: typeof a, u: number) => entryOf(p, { unplayedCoinsChange: u });
    await createEntry(db, f(a, 15_000_000), { userId: staff.id, now: new Date('2026-03-01T15:00:00.000Z') }); // Ann: $150 on Mar 1
    await createEntry(db, f(b, 5_000_000), { userId: staff.id, now: new Date('2026-03-01T16:00:00.000Z') }); // Bob: $50 on Mar 1
    await createEntry(db, f(a, -10_000_000), { userId: staff.id, now: new Date('2026-03-03T04:30:00.000Z') }); // Ann: $50 from 23:30 NY on Mar 2
    await createEntry(db, f(b, 10_000_000), { userId: staff.id, now: new Date('2026-03-03T14:00:00.000Z') }); // Bob: $150 on Mar 3
    const get = async (q: string) => (await s.app.inject({ url: `/api/reports/high-sc?${q}`, headers: staff.auth })).json();
    expect(
      (await get('threshold=100&asOf=2026-03-01')).map((r: { customerName: string; totalCoins: string }) => [r.customerName, r.totalCoins]),
    ).toEqual([['Ann', '150000.00']]);
    expect(await get('threshold=100&asOf=2026-03-02')).toEqual([]);
    expect((await get('threshold=100')).map((r: { customerName: string }) => r.customerName)).toEqual(['Bob']);
    expect(await s.caller(staff).reports.highScSummary({ threshold: 40, asOf: '2026-03-02' })).toEqual({
      accounts: 2,
      uniqueCustomers: 2,
      totalUSD: '100.00',
    });
  });
});
