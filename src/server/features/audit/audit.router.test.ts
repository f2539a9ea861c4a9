import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkBalances, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { inject, type Method } from '../../testing/rest';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
});
afterEach(() => s.stop());

const call = (method: Method, url: string, who: { auth: Record<string, string> }, payload?: object) =>
  inject(s.app, method, url, who.auth, payload);

const entry = (over: Record<string, unknown> = {}) => ({
  customerId: pair.customer.id,
  casinoId: pair.casino.id,
  transactionTypeId: pair.type.id,
  unplayedCoinsChange: '22000.00',
  playedCoinsChange: '0.00',
  usdChange: '-20.00',
  ...over,
});

const auditOf = async (id: number) => (await call('GET', `/api/transactions/${id}/audit`, admin)).json();
const entryCount = async () =>
  Number(
    (
      await s.database.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('audit trail of transactions', () => {
  it('records create, edit and delete with who, when and the values before and after', async () => {
    const created = (await call('POST', '/api/transactions', staff, entry())).json();
    await call('PATCH', `/api/transactions/${created.id}`, staff, entry({ usdChange: '-24.00' }));
    await call('DELETE', `/api/transactions/${created.id}`, admin);
    const trail = await auditOf(created.id);
    expect(trail.map((e: { action: string; user: { email: string } }) => [e.action, e.user.email])).toEqual([
      ['create', staff.email],
      ['edit', staff.email],
      ['delete', admin.email],
    ]);
    const fields = {
      date: created.date,
      customerId: pair.customer.id,
      casinoId: pair.casino.id,
      transactionTypeId: pair.type.id,
      unplayedCoinsChange: '22000.00',
      playedCoinsChange: '0.00',
    };
    expect(trail[0]).toMatchObject({
      entity: 'transaction',
      entityId: created.id,
      before: null,
      after: { ...fields, usdChange: '-20.00' },
    });
    expect(trail[1]).toMatchObject({ before: { ...fields, usdChange: '-20.00' }, after: { ...fields, usdChange: '-24.00' } });
    expect(trail[2]).toMatchObject({ before: { ...fields, usdChange: '-24.00' }, after: null });
  });

  it('a refused write leaves no entry', async () => {
    const before = await entryCount();
    const res = await call('POST', '/api/transactions', staff, entry({ transactionTypeId: 99999 }));
    expect(res.statusCode).toBe(400);
    const bad = await call('PATCH', '/api/transactions/424242', staff, entry());
    expect(bad.statusCode).toBe(404);
    expect(await entryCount()).toBe(before);
  });

  it('audits master data writes with their actor', async () => {
    const casino = (await call('POST', '/api/casinos', staff, { name: 'Pulsz' })).json();
    await call('PATCH', `/api/casinos/${casino.id}`, staff, { isActive: false });
    const customer = (await call('POST', '/api/customers', admin, { name: 'Bob', email: '' })).json();
    await call('POST', '/api/customer-casinos', admin, { customerId: customer.id, casinoId: pair.casino.id, status: 'active' });
    const type = (await call('POST', '/api/transaction-types', staff, { name: 'Bonus', casinoId: pair.casino.id })).json();
    await call('PATCH', `/api/transaction-types/${type.id}`, staff, { name: 'Daily Bonus' });
    await call('DELETE', `/api/transaction-types/${type.id}`, staff);
    const list = (await call('GET', '/api/audit?limit=7', admin)).json();
    expect(list.totalCount).toBeGreaterThanOrEqual(7);
    expect(
      list.entries.map((e: { action: string; entity: string; user: { email: string } }) => `${e.entity} ${e.action} ${e.user.email}`),
    ).toEqual([
      `transactionType delete ${staff.email}`,
      `transactionType edit ${staff.email}`,
      `transactionType create ${staff.email}`,
      `link create ${admin.email}`,
      `customer create ${admin.email}`,
      `casino edit ${staff.email}`,
      `casino create ${staff.email}`,
    ]);
    expect(list.entries[1]).toMatchObject({ before: { name: 'Bonus' }, after: { name: 'Daily Bonus' } });
    expect(list.entries[5]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    const casinoTrail = (await call('GET', `/api/audit?entity=casino&entityId=${casino.id}`, admin)).json();
    expect(casinoTrail.entries.map((e: { action: string }) => e.action)).toEqual(['edit', 'create']);
  });

  it('is append-only in the database itself', async () => {
    await call('POST', '/api/transactions', staff, entry());
    await expect(sql`update "auditLog" set action = 'forged'`.execute(s.database.db)).rejects.toThrow('The audit log is append-only');
    await expect(sql`delete from "auditLog"`.execute(s.database.db)).rejects.toThrow('The audit log is append-only');
    expect(await entryCount()).toBeGreaterThan(0);
  });

  it('refuses staff on the admin-only audit list', async () => {
    expect((await call('GET', '/api/audit', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/transactions/deleted', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit', admin)).statusCode).toBe(200);
  });
});

describe('audit trail of users and sign-ins', () => {
  it('records user creation, role change, reset link sent, password reset and sign-ins, never a password', async () => {
    const created = (
      await call('POST', '/api/admin/users', admin, {
        email: 'newbie@example.com',
        password: 'Passw0rd!',
        firstName: 'New',
        lastName: 'Bie',
        role: 'staff',
      })
    ).json();
    await call('PATCH', `/api/admin/users/${created.id}/role`, admin, { role: 'admin' });
    await call('POST', `/api/admin/users/${created.id}/send-reset-link`, admin);
    const { latestOutboxMail } = await import('../../testing/outbox');
    const { token } = latestOutboxMail(s.dataDir);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3wPassword' } })).statusCode,
    ).toBe(200);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'newbie@example.com', password: 'wrong-one' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'NEWBIE@example.com', password: 'N3wPassword' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'whatever1A' } }))
        .statusCode,
    ).toBe(401);

    const list = (await call('GET', `/api/audit?entity=user&entityId=${created.id}`, admin)).json();
    expect(list.entries.map((e: { action: string; user: { email: string } | null }) => `${e.action} ${e.user?.email ?? '-'}`)).toEqual([
      'password-reset newbie@example.com',
      `reset-link-sent ${admin.email}`,
      `role ${admin.email}`,
      `create ${admin.email}`,
    ]);
    expect(list.entries[2]).toMatchObject({ entityId: created.id, before: { role: 'staff' }, after: { role: 'admin' } });
    const sessions = (await call('GET', '/api/audit?entity=session', admin)).json();
    expect(
      sessions.entries.map((e: { action: string; entityId: number | null; after: { email: string } }) => [
        e.action,
        e.entityId,
        e.after.email,
      ]),
    ).toEqual([
      ['sign-in-failed', null, 'nobody@example.com'],
      ['sign-in', created.id, 'newbie@example.com'],
      ['sign-in-failed', created.id, 'newbie@example.com'],
    ]);
    const all = JSON.stringify(await s.database.db.selectFrom('auditLog').selectAll().execute());
    for (const secret of ['Passw0rd!', 'N3wPassword', 'wrong-one', token, 'passwordHash']) expect(all).not.toContain(secret);
  });
});

describe('restore after delete', () => {
  it('puts the transaction back with its id, date and values; balances and after-values hold', async () => {
    const a = (await call('POST', '/api/transactions', staff, entry())).json();
    const b = (
      await call(
        'POST',
        '/api/transactions',
        staff,
        entry({ unplayedCoinsChange: '-500.25', playedCoinsChange: '1.50', usdChange: '-3.00' }),
      )
    ).json();
    const c = (await call('POST', '/api/transactions', staff, entry({ unplayedCoinsChange: '100.50', usdChange: '0.00' }))).json();
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 2160025 });

    expect((await call('DELETE', `/api/transactions/${b.id}`, staff)).statusCode).toBe(204);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 2210050 });
    const deleted = (await call('GET', '/api/transactions/deleted', admin)).json();
    expect(deleted).toEqual({
      totalCount: 1,
      transactions: [
        {
          id: b.id,
          date: b.date,
          customer: { name: 'Alice' },
          casino: { name: 'Lucky' },
          transactionType: { name: 'Purchase' },
          unplayedCoinsChange: '-500.25',
          playedCoinsChange: '1.50',
          usdChange: '-3.00',
          deletedAt: expect.any(String),
          deletedBy: { id: staff.id, email: staff.email },
        },
      ],
    });

    const restored = await call('POST', `/api/transactions/${b.id}/restore`, staff);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: b.id, date: b.date, unplayedCoinsChange: '-500.25', unplayedCoinsAfter: '21499.75' });
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 2160025 });
    const latest = (await call('GET', `/api/transactions?customerId=${pair.customer.id}`, staff)).json();
    expect(latest.transactions.map((t: { id: number; unplayedCoinsAfter: string }) => [t.id, t.unplayedCoinsAfter])).toEqual([
      [c.id, '21600.25'],
      [b.id, '21499.75'],
      [a.id, '22000.00'],
    ]);
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
    expect((await call('GET', '/api/transactions/deleted', admin)).json().totalCount).toBe(0);
    expect((await auditOf(b.id)).map((e: { action: string }) => e.action)).toEqual(['create', 'delete', 'restore']);
    expect((await call('POST', `/api/transactions/${b.id}/restore`, staff)).statusCode).toBe(404);
  });

  it('lets only an admin, or the user who deleted it within 10 minutes, restore', async () => {
    const other = await s.addUser('staff');
    const t = (await call('POST', '/api/transactions', staff, entry())).json();
    await call('DELETE', `/api/transactions/${t.id}`, staff);
    const refused = await call('POST', `/api/transactions/${t.id}/restore`, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an admin, or the user who deleted it within 10 minutes, can restore this transaction');
    await s.database.db
      .updateTable('deletedTransactions')
      .set({ deletedAt: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .execute();
    expect((await call('POST', `/api/transactions/${t.id}/restore`, staff)).statusCode).toBe(403);
    expect((await call('POST', `/api/transactions/${t.id}/restore`, admin)).statusCode).toBe(200);
  });

  it('undoes an edit by writing the previous values back', async () => {
    const t = (await call('POST', '/api/transactions', staff, entry())).json();
    await call('PATCH', `/api/transactions/${t.id}`, staff, entry({ usdChange: '-99.99', unplayedCoinsChange: '1.00' }));
    const undone = (await call('PATCH', `/api/transactions/${t.id}`, staff, entry())).json();
    expect(undone).toMatchObject({ usdChange: '-20.00', unplayedCoinsChange: '22000.00', unplayedCoinsAfter: '22000.00' });
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 2200000 });
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);
  });
});

describe('GET /api/admin/ledger-check', () => {
  it('runs both invariants on demand, keeps the result for the Dashboard, and names what broke', async () => {
    await call('POST', '/api/transactions', staff, entry());
    expect((await call('GET', '/api/admin/ledger-check', staff)).statusCode).toBe(403);
    const held = await call('GET', '/api/admin/ledger-check', admin);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ ok: true, checkedTransactions: 1, problems: [], trigger: 'on-demand' });
    await s.database.db.updateTable('customerCasinos').set({ currentUnplayedCoins: 1 }).execute();
    const broken = (await call('GET', '/api/admin/ledger-check', admin)).json();
    expect(broken).toMatchObject({ ok: false, checkedTransactions: 1 });
    expect(broken.problems).toContain(
      `Customer ${pair.customer.id} at casino ${pair.casino.id}: the link's balances differ from its transactions`,
    );
    expect(await s.caller(admin).audit.lastLedgerCheck()).toMatchObject({ ok: false, trigger: 'on-demand' });
  });
});
