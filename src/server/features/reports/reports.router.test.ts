import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types';
import { insertCasino } from '../casinos/casinos.repository';
import { setLinkStatus } from '../customer-casinos/customer-casinos.repository';
import { insertCustomer } from '../customers/customers.repository';
import { insertType } from '../transaction-types/transaction-types.repository';
import { createEntry } from '../transactions/ledger';
import { highSc } from './reports.repository';
import { PARTICIPATION_SORTS, PROFITABILITY_SORTS, sortTexts } from '../../../shared/sorting';
import { streamPages } from '../../http/streamed-reads';
import { createContextInner } from '../../trpc/context';
import type { ProcedurePath } from '../../trpc/app-router';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let admin: TestUser;
let staff: TestUser;

/**
 * Ann is registered at Lucky, Star and Moon; Bob at Lucky (active) and Star (banned); Cy at Star (inactive link);
 * Dee has no link at all. Office time zone America/New_York.
 */
async function prepare(db: Db) {
  const customers = {
    ann: await insertCustomer(db, { name: 'Ann', email: 'ann@example.com' }),
    bob: await insertCustomer(db, { name: 'Bob', email: null }),
    cy: await insertCustomer(db, { name: 'Cy', email: 'cy@example.com' }),
    dee: await insertCustomer(db, { name: 'Dee', email: null }),
  };
  const casinos = {
    lucky: await insertCasino(db, { name: 'Lucky', website: 'https://lucky.example.com', isActive: true, scRatio: 1000 }),
    star: await insertCasino(db, { name: 'Star', website: null, isActive: true, scRatio: 1000 }),
    moon: await insertCasino(db, { name: 'Moon', website: null, isActive: true, scRatio: 1000 }),
  };
  for (const k of Object.values(casinos)) await setLinkStatus(db, customers.ann.id, k.id, 'active');
  await setLinkStatus(db, customers.bob.id, casinos.lucky.id, 'active');
  await setLinkStatus(db, customers.bob.id, casinos.star.id, 'banned');
  await setLinkStatus(db, customers.cy.id, casinos.star.id, 'inactive');
  const types = {
    luckyPurchase: await insertType(db, { name: 'Purchase', casinoId: casinos.lucky.id }),
    luckyBonus: await insertType(db, { name: 'Bonus', casinoId: casinos.lucky.id }),
    starPurchase: await insertType(db, { name: 'Purchase', casinoId: casinos.star.id }),
    moonWithdraw: await insertType(db, { name: 'Withdraw', casinoId: casinos.moon.id }),
  };
  const add = (customerId: number, casinoId: number, transactionTypeId: number, u: number, p: number, usd: number, date: string) =>
    createEntry(
      db,
      { customerId, casinoId, transactionTypeId, unplayedCoinsChange: u, playedCoinsChange: p, usdChange: usd },
      { userId: admin.id, now: new Date(date) },
    );
  // Ann at Lucky: exactly $100 of coins (100,000.00 coins): not above a threshold of 100.
  await add(customers.ann.id, casinos.lucky.id, types.luckyPurchase.id, 9_000_000, 1_000_000, -10_000, '2026-03-01T04:59:59.999Z');
  // Ann at Star: 150,000.01 coins -> $150.00001; a purchase and a withdrawal that break even.
  await add(customers.ann.id, casinos.star.id, types.starPurchase.id, 15_000_001, 0, -5_000, '2026-03-01T05:00:00.000Z');
  await add(customers.ann.id, casinos.star.id, types.starPurchase.id, 0, 0, 5_000, '2026-03-02T12:00:00.000Z');
  // Ann at Moon: a withdrawal, profitable.
  await add(customers.ann.id, casinos.moon.id, types.moonWithdraw.id, -100, 0, 2_550, '2026-03-03T04:59:59.999Z');
  // Bob at Lucky: a bonus, 250,000 coins, and a loss.
  await add(customers.bob.id, casinos.lucky.id, types.luckyBonus.id, 25_000_000, 0, -1_234, '2026-03-03T05:00:00.000Z');
  return { customers, casinos, types };
}

let data: Awaited<ReturnType<typeof prepare>>;
beforeEach(async () => {
  s = await createTestServer({ timeZone: 'America/New_York' });
  admin = await s.addUser('admin');
  staff = await s.addUser('staff');
  data = await prepare(s.database.db);
});
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

describe('GET /api/reports/participation', () => {
  it("lists each other active customer's missing casinos against the master", async () => {
    const rows = (await get(`/api/reports/participation?masterUserId=${data.customers.ann.id}`)).json();
    expect(rows).toEqual([
      {
        customerId: data.customers.bob.id,
        customer: { name: 'Bob', email: null },
        customerName: 'Bob',
        totalCasinos: 3,
        missingCasinos: [{ name: 'Moon', website: null }],
      },
      {
        customerId: data.customers.cy.id,
        customer: { name: 'Cy', email: 'cy@example.com' },
        customerName: 'Cy',
        totalCasinos: 3,
        // Cy's inactive link to Star registers Cy there (decision 041).
        missingCasinos: [
          { name: 'Lucky', website: 'https://lucky.example.com' },
          { name: 'Moon', website: null },
        ],
      },
      {
        customerId: data.customers.dee.id,
        customer: { name: 'Dee', email: null },
        customerName: 'Dee',
        totalCasinos: 3,
        missingCasinos: expect.any(Array),
      },
    ]);
  });

  it('pages the customers by name, and the summary counts every compared customer', async () => {
    const master = data.customers.ann.id;
    const all = (await get(`/api/reports/participation?masterUserId=${master}`)).json() as {
      customerName: string;
      missingCasinos: unknown[];
    }[];
    const page2 = (await get(`/api/reports/participation?masterUserId=${master}&limit=2&offset=2`)).json();
    expect(page2.map((r: { customerName: string }) => r.customerName)).toEqual(['Dee']);
    expect(page2[0].missingCasinos).toHaveLength(3);
    const summary = await s.caller(staff).reports.participationSummary({ masterUserId: master });
    expect(summary).toEqual({ customersAnalyzed: 3, needRegistration: 3, totalMissing: 6, totalCasinos: 3 });
    // The same figures as the full rows give.
    expect(summary.totalMissing).toBe(all.reduce((n, r) => n + r.missingCasinos.length, 0));
    expect(await s.caller(staff).reports.participationSummary({ masterUserId: data.customers.dee.id })).toEqual({
      customersAnalyzed: 3,
      needRegistration: 0,
      totalMissing: 0,
      totalCasinos: 0,
    });
  });

  it('gives a master with no links zero casinos, and names a missing master', async () => {
    const rows = (await get(`/api/reports/participation?masterUserId=${data.customers.dee.id}`)).json();
    expect(rows.map((r: { totalCasinos: number; missingCasinos: unknown[] }) => [r.totalCasinos, r.missingCasinos.length])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect((await get('/api/reports/participation')).json().errors).toEqual([{ path: 'masterUserId', message: 'Select a master user' }]);
    expect((await get('/api/reports/participation?masterUserId=999')).json().errors).toEqual([
      { path: 'masterUserId', message: 'Customer not found' },
    ]);
  });
});

describe('reports without limit over REST', () => {
  const streamed = async (procedure: ProcedurePath, input: Record<string, unknown>, pageSize: number, user = admin) => {
    const body = await streamPages(
      createContextInner({ db: s.database.db, services: s.services, user, ip: '127.0.0.1' }),
      procedure,
      input,
      pageSize,
    );
    let text = '';
    for await (const chunk of body) text += String(chunk);
    return JSON.parse(text) as unknown;
  };

  it('streams every row page by page, the same rows as one unpaged call, across page boundaries', async () => {
    for (const pageSize of [1, 2, 3, 100]) {
      expect(await streamed('reports.highSc', { threshold: 0 }, pageSize)).toEqual(await s.caller(staff).reports.highSc({ threshold: 0 }));
      expect(await streamed('reports.profitability', {}, pageSize)).toEqual(await s.caller(admin).reports.profitability());
      const master = { masterUserId: data.customers.ann.id };
      expect(await streamed('reports.participation', master, pageSize)).toEqual(await s.caller(staff).reports.participation(master));
    }
    expect(await streamed('reports.highSc', { threshold: 1_000_000 }, 2)).toEqual([]);
    const rest = await get('/api/reports/high-sc?threshold=0');
    expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(rest.json()).toEqual(await s.caller(staff).reports.highSc({ threshold: 0 }));
  });

  it('refuses before sending anything, with the access and validation of the procedure itself', async () => {
    await expect(streamed('reports.profitability', {}, 2, staff)).rejects.toThrow('Admins only');
    expect((await get('/api/reports/participation?masterUserId=999')).json().errors).toEqual([
      { path: 'masterUserId', message: 'Customer not found' },
    ]);
    expect((await get('/api/reports/high-sc?threshold=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/reports/transaction-types', () => {
  it('returns the matching transactions with type and casino names and the type totals', async () => {
    const rows = (await get(`/api/reports/transaction-types?transactionTypeId=${data.types.starPurchase.id}`)).json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      transactionTypeName: 'Purchase',
      casinoName: 'Star',
      usdChange: '50.00',
      transactionCount: 2,
      totalUSD: '0.00',
    });
    const ranged = (await get('/api/reports/transaction-types?startDate=2026-03-02&endDate=2026-03-02')).json();
    // Each row carries its type's count and USD over the range (all types: from the kept per-day type totals).
    expect(
      ranged.map((r: { casinoName: string; usdChange: string; transactionCount: number; totalUSD: string }) => [
        r.casinoName,
        r.usdChange,
        r.transactionCount,
        r.totalUSD,
      ]),
    ).toEqual([
      ['Moon', '25.50', 1, '25.50'],
      ['Star', '50.00', 1, '50.00'],
    ]);
    const summary = await s.caller(staff).reports.transactionTypesSummary({ startDate: '2026-03-01', endDate: '2026-03-03' });
    expect(summary).toEqual({
      transactionCount: 4,
      totalUSD: '13.16',
      uniqueCustomers: 2,
      firstDate: '2026-03-01T05:00:00.000Z',
      lastDate: '2026-03-03T05:00:00.000Z',
      byType: [
        {
          transactionTypeId: data.types.luckyBonus.id,
          transactionTypeName: 'Bonus',
          casinoName: 'Lucky',
          transactionCount: 1,
          totalUSD: '-12.34',
        },
        {
          transactionTypeId: data.types.starPurchase.id,
          transactionTypeName: 'Purchase',
          casinoName: 'Star',
          transactionCount: 2,
          totalUSD: '0.00',
        },
        {
          transactionTypeId: data.types.moonWithdraw.id,
          transactionTypeName: 'Withdraw',
          casinoName: 'Moon',
          transactionCount: 1,
          totalUSD: '25.50',
        },
      ],
    });
  });
});

// Decision 044: every report sorts on the server over all its rows, by a whitelisted column.
describe('report sorts', () => {
  it('sort High SC links, Profitability pairs and Participation rows by the given column, and refuse an unknown one', async () => {
    const api = s.caller(admin);
    const high = async (sort?: 'customer' | '-total' | 'casino') =>
      (await api.reports.highSc({ threshold: 0, sort })).map((r) => `${r.customerName} ${r.casinoName}`);
    expect(await high()).toEqual(['Ann Lucky', 'Ann Star', 'Bob Lucky']);
    expect(await high('-total')).toEqual(['Bob Lucky', 'Ann Star', 'Ann Lucky']);
    expect(await high('casino')).toEqual(['Ann Lucky', 'Bob Lucky', 'Ann Star']);
    const asOf = await api.reports.highSc({ threshold: 0, asOf: '2026-12-31', sort: '-total' });
    expect(asOf.map((r) => `${r.customerName} ${r.casinoName}`)).toEqual(['Bob Lucky', 'Ann Star', 'Ann Lucky']);

    const profit = async (sort?: '-count' | 'customer' | 'avg') =>
      (await api.reports.profitability({ sort })).map((r) => `${r.customerName} ${r.casinoName} ${r.totalUSD}`);
    expect(await profit()).toEqual(['Ann Moon 25.50', 'Ann Star 0.00', 'Bob Lucky -12.34', 'Ann Lucky -100.00']);
    expect(await profit('-count')).toEqual(['Ann Star 0.00', 'Ann Moon 25.50', 'Bob Lucky -12.34', 'Ann Lucky -100.00']);
    expect(await profit('avg')).toEqual(['Ann Lucky -100.00', 'Bob Lucky -12.34', 'Ann Star 0.00', 'Ann Moon 25.50']);

    const part = async (sort?: '-missing') =>
      (await api.reports.participation({ masterUserId: data.customers.ann.id, sort })).map(
        (r) => `${r.customerName} ${r.missingCasinos.length}`,
      );
    expect(await part()).toEqual(['Bob 1', 'Cy 2', 'Dee 3']);
    expect(await part('-missing')).toEqual(['Dee 3', 'Cy 2', 'Bob 1']);

    const bad = await s.app.inject({ url: '/api/reports/high-sc?threshold=0&sort=usdValue', headers: staff.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['sort']);
  });
});
