import type { Db } from '../db/types';
import { insertCasino } from '../features/casinos/casinos.repository';
import { setLinkStatus } from '../features/customer-casinos/customer-casinos.repository';
import { insertCustomer } from '../features/customers/customers.repository';
import { insertType } from '../features/transaction-types/transaction-types.repository';
import { createEntry } from '../features/transactions/ledger';
import { createTestServer, type TestServer, type TestUser } from './test-server';

/**
 * Ann is registered at Lucky, Star and Moon; Bob at Lucky (active) and Star (banned); Cy at Star (inactive link);
 * Dee has no link at all. Office time zone America/New_York.
 */
async function prepare(db: Db, admin: TestUser) {
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
      admin.id,
      undefined,
      new Date(date),
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

export type ReportData = Awaited<ReturnType<typeof prepare>>;

/** A test server in America/New_York with an admin, a staff member and the reports' data above. */
export async function startReportOffice(): Promise<{ s: TestServer; admin: TestUser; staff: TestUser; data: ReportData }> {
  const s = await createTestServer({ timeZone: 'America/New_York' });
  const admin = await s.addUser('admin');
  const staff = await s.addUser('staff');
  return { s, admin, staff, data: await prepare(s.database.db, admin) };
}
