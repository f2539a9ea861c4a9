import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { insertCasino } from '../casinos/casinos.repository';
import { insertCustomer } from '../customers/customers.repository';
import { setLinkStatus } from './customer-casinos.repository';
import { createMissingLinks } from './missing-links';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

/** Master: active at Lucky and Star, banned at Moon, active at Closed (an inactive casino). */
async function prepare() {
  const db = s.database.db;
  const cust = async (name: string, isActive = true) => {
    const c = await insertCustomer(db, { name, email: null });
    if (!isActive) await db.updateTable('customers').set({ isActive: 0 }).where('id', '=', c.id).execute();
    return c;
  };
  const casino = (name: string, isActive = true) => insertCasino(db, { name, website: null, isActive, scRatio: 1000 });
  const [master, ann, bob, cy, dee] = [
    await cust('Master'),
    await cust('Ann'),
    await cust('Bob'),
    await cust('Cy', false),
    await cust('Dee'),
  ];
  const [lucky, star, moon, closed] = [await casino('Lucky'), await casino('Star'), await casino('Moon'), await casino('Closed', false)];
  await setLinkStatus(db, master.id, lucky.id, 'active');
  await setLinkStatus(db, master.id, star.id, 'active');
  await setLinkStatus(db, master.id, moon.id, 'banned');
  await setLinkStatus(db, master.id, closed.id, 'active');
  await setLinkStatus(db, ann.id, lucky.id, 'active');
  await setLinkStatus(db, dee.id, star.id, 'inactive');
  return { master, ann, bob, cy, dee, lucky, star };
}

describe('Participation: the casinos that count, and Create missing links', () => {
  it('counts only active casinos where the master is active; any existing link registers a customer', async () => {
    const d = await prepare();
    const staff = await s.addUser('staff');
    const rows = await s.caller(staff).reports.participation({ masterUserId: d.master.id });
    expect(rows.map((r) => [r.customerName, r.totalCasinos, r.missingCasinos.map((k) => k.name)])).toEqual([
      ['Ann', 2, ['Star']],
      ['Bob', 2, ['Lucky', 'Star']],
      ['Dee', 2, ['Lucky']],
    ]);
  });

  it('creates inactive links for one customer, then active ones for all, in one write each; nothing else changes', async () => {
    const d = await prepare();
    const staff = await s.addUser('staff');
    const api = s.caller(staff);
    expect(await api.customerCasinos.createMissing({ masterUserId: d.master.id, customerId: d.bob.id })).toEqual({
      created: 2,
      more: false,
    });
    const bobLinks = await api.customerCasinos.list({ customerId: d.bob.id });
    expect(bobLinks.map((l) => [l.casinoId, l.status, l.currentUnplayedCoins])).toEqual([
      [d.lucky.id, 'inactive', '0.00'],
      [d.star.id, 'inactive', '0.00'],
    ]);
    expect(await api.customerCasinos.createMissing({ masterUserId: d.master.id, status: 'active' })).toEqual({ created: 2, more: false });
    expect((await api.customerCasinos.list({ customerId: d.ann.id })).map((l) => [l.casinoId, l.status])).toEqual([
      [d.lucky.id, 'active'],
      [d.star.id, 'active'],
    ]);
    // Dee's inactive link stays inactive; Cy (inactive customer) gets nothing.
    expect((await api.customerCasinos.list({ customerId: d.dee.id })).map((l) => [l.casinoId, l.status])).toEqual([
      [d.lucky.id, 'active'],
      [d.star.id, 'inactive'],
    ]);
    expect(await api.customerCasinos.list({ customerId: d.cy.id })).toEqual([]);
    const rows = await api.reports.participation({ masterUserId: d.master.id });
    expect(rows.every((r) => r.missingCasinos.length === 0)).toBe(true);
    expect(await api.customerCasinos.createMissing({ masterUserId: d.master.id })).toEqual({ created: 0, more: false });
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'link')
      .where('action', '=', 'create')
      .execute();
    expect(audit).toHaveLength(6 + 4);
  });

  it('creates at most the cap in one request and says that more remain; the next request creates the rest', async () => {
    const d = await prepare();
    const db = s.database.db;
    const actor = { id: null, email: 'test' };
    const linkCount = async () =>
      Number(
        (
          await db
            .selectFrom('customerCasinos')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await linkCount();
    // Missing: Ann at Star, Bob at Lucky and Star, Dee at Lucky.
    expect(await createMissingLinks(db, d.master.id, undefined, 'inactive', actor, 3)).toEqual({ created: 3, more: true });
    expect(await linkCount()).toBe(before + 3);
    expect(await createMissingLinks(db, d.master.id, undefined, 'inactive', actor, 3)).toEqual({ created: 1, more: false });
    expect(await linkCount()).toBe(before + 4);
    expect(
      (await s.caller(await s.addUser('staff')).reports.participation({ masterUserId: d.master.id })).every(
        (r) => r.missingCasinos.length === 0,
      ),
    ).toBe(true);
  });

  it('refuses an inactive customer or an unknown master with a field error, writing nothing', async () => {
    const d = await prepare();
    const staff = await s.addUser('staff');
    const res = await s.app.inject({
      method: 'POST',
      url: '/trpc/customerCasinos.createMissing',
      headers: { ...staff.auth, 'content-type': 'application/json' },
      payload: { masterUserId: d.master.id, customerId: d.cy.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Customer not found or not active');
    await expect(s.caller(staff).customerCasinos.createMissing({ masterUserId: 999 })).rejects.toThrow('Customer not found');
    await expect(s.caller(null).customerCasinos.createMissing({ masterUserId: d.master.id })).rejects.toThrow();
    expect(await s.caller(staff).customerCasinos.list({ customerId: d.bob.id })).toEqual([]);
  });
});
