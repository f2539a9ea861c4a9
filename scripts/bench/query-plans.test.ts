import { describe, expect, it } from 'vitest';
import { sqliteOf } from '../../src/server/db/database';
import { pairFixture } from '../../src/server/testing/fixtures';
import { createTestDatabase } from '../../src/server/testing/test-db';
import { readsAllTransactions, screenPlans } from './query-plans';
import { screenCases } from './screen-cases';

// Every screen's query walks an index; none reads the transactions table end to end.
describe("the screens' query plans", () => {
  it('use an index for every read of transactions', async () => {
    const { db } = await createTestDatabase();
    const { customer, casino, type } = await pairFixture(db);
    const cases = screenCases({
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      total: 1000,
      month: { startDate: '2026-03-01', endDate: '2026-03-31' },
      wide: { startDate: '2025-01-01', endDate: '2026-10-31' },
    });
    const plans = await screenPlans(sqliteOf(db), { timeZone: 'America/New_York' }, cases);
    expect(plans.map((p) => p.screen)).toEqual(cases.map((c) => c.screen));
    const scans = plans.flatMap((p) => p.statements.filter((s) => s.fullScan).map((s) => `${p.screen}: ${s.sql} -> ${s.plan.join(' | ')}`));
    expect(scans).toEqual([]);
  });

  it('tells a full scan from an index search and a bounded page', async () => {
    const sqlite = sqliteOf((await createTestDatabase()).db);
    const plan = (sql: string) => (sqlite.prepare(`explain query plan ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
    const scan = 'select count(*) from transactions where "playedCoinsChange" > 0';
    const walk = 'select id from transactions order by date desc, id desc';
    expect(readsAllTransactions(scan, plan(scan))).toBe(true);
    expect(readsAllTransactions(walk, plan(walk))).toBe(true);
    expect(readsAllTransactions(`${walk} limit 100`, plan(`${walk} limit 100`))).toBe(false);
    // A page of a sort no index serves reads and sorts every row first.
    const sorted = 'select id from transactions order by "playedCoinsChange" desc limit 100';
    expect(readsAllTransactions(sorted, plan(sorted))).toBe(true);
    const search = 'select count(*) from transactions where "customerId" = 1';
    expect(readsAllTransactions(search, plan(search))).toBe(false);
  });
});
