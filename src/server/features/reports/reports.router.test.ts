import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReportData, startReportOffice } from '../../testing/report-office';
import type { TestServer, TestUser } from '../../testing/test-server';
import { PARTICIPATION_SORTS, PROFITABILITY_SORTS, sortTexts } from '../../../shared/sorting';
import { highSc } from './high-sc';

let s: TestServer;
let admin: TestUser;
let staff: TestUser;
let data: ReportData;
beforeEach(async () => ({ s, admin, staff, data } = await startReportOffice()));
afterEach(() => s.stop());

const get = (url: string, auth = staff.auth) => s.app.inject({ url, headers: auth });

describe('GET /api/reports/high-sc', () => {
  it('lists links strictly above the threshold, by customer then casino', async () => {
    const res = await get('/api/reports/high-sc?threshold=100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        customerId: data.customers.ann.id,
        customerName: 'Ann',
        casinoId: data.casinos.star.id,
        casinoName: 'Star',
        totalCoins: '150000.01',
        playedCoins: '0.00',
      },
      {
        customerId: data.customers.bob.id,
        customerName: 'Bob',
        casinoId: data.casinos.lucky.id,
        casinoName: 'Lucky',
        totalCoins: '250000.00',
        playedCoins: '0.00',
      },
    ]);
    const lower = (await get('/api/reports/high-sc?threshold=99.99')).json();
    expect(lower.map((r: { casinoName: string; customerName: string }) => `${r.customerName}/${r.casinoName}`)).toEqual([
      'Ann/Lucky',
      'Ann/Star',
      'Bob/Lucky',
    ]);
    expect((await get('/api/reports/high-sc')).json()).toHaveLength(2);
    expect((await get('/api/reports/high-sc?threshold=1000000')).json()).toEqual([]);
    expect((await get('/api/reports/high-sc?threshold=abc')).json().errors).toEqual([
      { path: 'threshold', message: 'Threshold must be a number' },
    ]);
  });
});

describe('report pages and cards', () => {
  it('page the high SC rows and sum every matching link for the cards', async () => {
    const page = (await get('/api/reports/high-sc?threshold=99.99&limit=2&offset=1')).json();
    expect(page.map((r: { casinoName: string; customerName: string }) => `${r.customerName}/${r.casinoName}`)).toEqual([
      'Ann/Star',
      'Bob/Lucky',
    ]);
    // $100.00 + $150.00 (150,000.01 coins rounds to the cent) + $250.00
    expect(await s.caller(staff).reports.highScSummary({ threshold: 99.99 })).toEqual({
      accounts: 3,
      uniqueCustomers: 2,
      totalUSD: '500.00',
    });
    expect(await s.caller(staff).reports.highScSummary({ threshold: 1_000_000 })).toEqual({
      accounts: 0,
      uniqueCustomers: 0,
      totalUSD: '0.00',
    });
    expect((await get('/api/reports/high-sc?limit=0')).json().errors).toEqual([{ path: 'limit', message: 'Must be at least 1' }]);
  });

  it('finds the same page through the coins index (few matches) as by walking customer names (many)', async () => {
    for (const [threshold, offset] of [
      [0, 0],
      [99.99, 1],
      [149.99, 0],
      [0, 3],
    ]) {
      const seek = await highSc(s.database.db, threshold, { limit: 2, offset });
      expect(await highSc(s.database.db, threshold, { limit: 2, offset }, 0)).toEqual(seek);
    }
    expect((await highSc(s.database.db, 0, { limit: 2, offset: 1 }, 0)).map((r) => `${r.customerName}/${r.casinoName}`)).toEqual([
      'Ann/Star',
      'Bob/Lucky',
    ]);
  });

  it('page the profitability rows and count profitable and loss pairs over all of them, for admins only', async () => {
    const page = (await get('/api/reports/profitability?limit=2&offset=1', admin.auth)).json();
    expect(page.map((r: { casinoName: string; totalUSD: string }) => `${r.casinoName} ${r.totalUSD}`)).toEqual([
      'Star 0.00',
      'Lucky -12.34',
    ]);
    expect(await s.caller(admin).reports.profitabilitySummary()).toEqual({ totalUSD: '-86.84', profitable: 1, loss: 2, entries: 4 });
    expect(await s.caller(admin).reports.profitabilitySummary({ startDate: '2026-03-01', endDate: '2026-03-02' })).toEqual({
      totalUSD: '25.50',
      profitable: 1,
      loss: 0,
      entries: 2,
    });
    await expect(s.caller(staff).reports.profitabilitySummary()).rejects.toThrow('Admins only');
  });

  it('ranks pairs over a date range holding every transaction exactly as the kept totals do, page by page', async () => {
    const all = { startDate: '2000-01-01', endDate: '2100-01-01' };
    for (const [limit, offset] of [
      [100, 0],
      [2, 0],
      [2, 1],
      [1, 3],
      [2, 4],
    ]) {
      expect(await s.caller(admin).reports.profitability({ ...all, limit, offset })).toEqual(
        await s.caller(admin).reports.profitability({ limit, offset }),
      );
    }
    expect(await s.caller(admin).reports.profitabilitySummary(all)).toEqual(await s.caller(admin).reports.profitabilitySummary());
    for (const sort of sortTexts(PROFITABILITY_SORTS)) {
      for (const [limit, offset] of [
        [100, 0],
        [2, 1],
      ]) {
        expect(await s.caller(admin).reports.profitability({ ...all, sort, limit, offset })).toEqual(
          await s.caller(admin).reports.profitability({ sort, limit, offset }),
        );
      }
    }
  });

  it('pages Participation in every sort as the whole sorted list cut into pages', async () => {
    const masterUserId = data.customers.ann.id;
    for (const sort of sortTexts(PARTICIPATION_SORTS)) {
      const whole = await s.caller(staff).reports.participation({ masterUserId, sort });
      const pages = [
        ...(await s.caller(staff).reports.participation({ masterUserId, sort, limit: 2, offset: 0 })),
        ...(await s.caller(staff).reports.participation({ masterUserId, sort, limit: 2, offset: 2 })),
      ];
      expect(pages).toEqual(whole);
    }
    const most = await s.caller(staff).reports.participation({ masterUserId, sort: '-missing' });
    expect(most.map((r) => [r.customerName, r.missingCasinos.length])).toEqual([
      ['Dee', 3],
      ['Cy', 2],
      ['Bob', 1],
    ]);
  });
});

describe('GET /api/reports/profitability', () => {
  it('is for admins only', async () => {
    const res = await get('/api/reports/profitability');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Admins only' });
  });

  it('sums USD per pair, by total descending, with break-even pairs', async () => {
    const rows = (await get('/api/reports/profitability', admin.auth)).json();
    expect(
      rows.map((r: { customerName: string; casinoName: string; totalUSD: string; transactionCount: number }) => [
        r.customerName,
        r.casinoName,
        r.totalUSD,
        r.transactionCount,
      ]),
    ).toEqual([
      ['Ann', 'Moon', '25.50', 1],
      ['Ann', 'Star', '0.00', 2],
      ['Bob', 'Lucky', '-12.34', 1],
      ['Ann', 'Lucky', '-100.00', 1],
    ]);
    const onlyAnn = (
      await get(`/api/reports/profitability?customerId=${data.customers.ann.id}&casinoId=${data.casinos.star.id}`, admin.auth)
    ).json();
    expect(onlyAnn).toEqual([
      {
        customerId: data.customers.ann.id,
        casinoId: data.casinos.star.id,
        customerName: 'Ann',
        casinoName: 'Star',
        totalUSD: '0.00',
        transactionCount: 2,
      },
    ]);
  });

  it('cuts date ranges at the office day edges, end date inclusive', async () => {
    const day1 = (await get('/api/reports/profitability?startDate=2026-02-28&endDate=2026-02-28', admin.auth)).json();
    expect(day1.map((r: { casinoName: string }) => r.casinoName)).toEqual(['Lucky']);
    const march = (await get('/api/reports/profitability?startDate=2026-03-01&endDate=2026-03-02', admin.auth)).json();
    expect(
      march.map((r: { casinoName: string; totalUSD: string; transactionCount: number }) => [r.casinoName, r.totalUSD, r.transactionCount]),
    ).toEqual([
      ['Moon', '25.50', 1],
      ['Star', '0.00', 2],
    ]);
    const bad = await get('/api/reports/profitability?startDate=2026-03-05&endDate=2026-03-01', admin.auth);
    expect(bad.json().errors).toEqual([{ path: 'endDate', message: 'End date is before start date' }]);
  });
});
