import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReportData, startReportOffice } from '../../testing/report-office';
import type { TestServer, TestUser } from '../../testing/test-server';
import { streamPages } from '../../http/streamed-reads';
import { createContextInner } from '../../trpc/context';
import type { ProcedurePath } from '../../trpc/app-router';

let s: TestServer;
let admin: TestUser;
let staff: TestUser;
let data: ReportData;
beforeEach(async () => ({ s, admin, staff, data } = await startReportOffice()));
afterEach(() => s.stop());

const get = (url: string, auth = staff.auth) => s.app.inject({ url, headers: auth });

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
