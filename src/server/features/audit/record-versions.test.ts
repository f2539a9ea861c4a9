import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatInstant } from '../../../shared/display';
import { type Pair, pairFixture } from '../../testing/fixtures';
import { inject, type Method } from '../../testing/rest';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';

// Every editable record answers a version that grows with each change; a write based on another version
// is refused with 409 naming who changed it and when, and writes nothing; a write without one is not
// checked (decision 151).

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let alice: Pair;

beforeEach(async () => {
  s = await createTestServer({ timeZone: 'America/New_York' });
  staff = await s.addUser('staff');
  admin = await s.addUser('admin');
  alice = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
});
afterEach(() => s.stop());

const send = (method: Method, url: string, payload?: object, who: TestUser = staff) => inject(s.app, method, url, who.auth, payload);
const entry = (usdChange: string) => ({
  customerId: alice.customer.id,
  casinoId: alice.casino.id,
  transactionTypeId: alice.type.id,
  unplayedCoinsChange: '22000.00',
  playedCoinsChange: '0.00',
  usdChange,
});
const auditCount = async () =>
  Number(
    (
      await s.database.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The refusal: who changed it last, when in the office's zone (the audit trail's last entry for it). */
async function expectStale(res: { statusCode: number; json(): unknown }, noun: string) {
  const last = await s.database.db.selectFrom('auditLog').select('at').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    message: `Ada Admin changed this ${noun} on ${formatInstant(last.at, 'America/New_York')}, after you opened it. Nothing was saved: reload it to see the current values.`,
  });
}

describe('record versions', () => {
  it('a transaction: version in its reads, a stale PATCH refused with 409 and nothing written, none sent unchanged', async () => {
    const created = await send('POST', '/api/transactions', entry('-20.00'));
    const id = (created.json() as { id: number; version: number }).id;
    expect(created.json()).toMatchObject({ version: 1 });
    const list = (await send('GET', '/api/transactions?limit=5&offset=0')).json() as { transactions: { id: number; version: number }[] };
    expect(list.transactions).toEqual([expect.objectContaining({ id, version: 1 })]);

    // An admin edits it; staff's dialog still holds version 1.
    const edited = await send('PATCH', `/api/transactions/${id}`, { ...entry('-30.00'), version: 1 }, admin);
    expect(edited.json()).toMatchObject({ usdChange: '-30.00', version: 2 });
    expect((await send('GET', `/api/transactions?limit=1`)).json()).toEqual([expect.objectContaining({ id, version: 2 })]);

    const audits = await auditCount();
    const events = s.services.changes.lastId;
    await expectStale(await send('PATCH', `/api/transactions/${id}`, { ...entry('-25.00'), version: 1 }), 'transaction');
    const row = await s.database.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.usdChange, row.version]).toEqual([-3000, 2]);
    const link = await s.database.db
      .selectFrom('customerCasinos')
      .select('usdTotal')
      .where('customerId', '=', alice.customer.id)
      .executeTakeFirstOrThrow();
    expect(link.usdTotal).toBe(-3000);
    expect(await auditCount()).toBe(audits);
    expect(s.services.changes.lastId).toBe(events);
    // Over tRPC the same.
    await expect(s.caller(staff).transactions.update({ id, ...entry('-25.00'), version: 1 })).rejects.toMatchObject({ code: 'CONFLICT' });

    // The current version is taken; no version at all is taken as before.
    expect((await send('PATCH', `/api/transactions/${id}`, { ...entry('-25.00'), version: 2 })).json()).toMatchObject({
      usdChange: '-25.00',
      version: 3,
    });
    expect((await send('PATCH', `/api/transactions/${id}`, entry('-26.00'))).json()).toMatchObject({ usdChange: '-26.00', version: 4 });
    // A version that is not a positive whole number is a 400 naming it.
    expect((await send('PATCH', `/api/transactions/${id}`, { ...entry('-26.00'), version: 'x' })).json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'version', message: 'Must be a positive whole number' }],
    });
  });

  it("a transaction's version counts edits, not recomputed balances, and comes back past them after a restore", async () => {
    const later = (await send('POST', '/api/transactions', entry('-20.00'))).json() as { id: number };
    // A backdated entry before it rewrites its after-values: not an edit of it.
    await send('POST', '/api/transactions', { ...entry('-1.00'), occurredAt: '2020-01-01T00:00:00.000Z' });
    const read = async () =>
      s.database.db.selectFrom('transactions').select(['version', 'unplayedCoinsAfter']).where('id', '=', later.id).executeTakeFirst();
    expect(await read()).toEqual({ version: 1, unplayedCoinsAfter: 4400000 });
    await send('PATCH', `/api/transactions/${later.id}`, entry('-21.00'));
    expect((await read())?.version).toBe(2);
    expect((await send('DELETE', `/api/transactions/${later.id}`)).statusCode).toBe(204);
    expect((await send('POST', `/api/transactions/${later.id}/restore`)).json()).toMatchObject({ id: later.id, version: 4 });
    const stale = await send('PATCH', `/api/transactions/${later.id}`, { ...entry('-22.00'), version: 2 }, admin);
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { message: string }).message).toMatch(/^Sam Staff changed this transaction on /);
  });

  it('a customer, a casino and a transaction type: stale edits refused, nothing written, current and versionless ones taken', async () => {
    const cases = [
      {
        noun: 'customer',
        list: '/api/customers',
        url: `/api/customers/${alice.customer.id}`,
        method: 'PATCH' as const,
        change: { name: 'Alicia' },
        stale: { name: 'Ally' },
        read: () =>
          s.database.db.selectFrom('customers').select(['name', 'version']).where('id', '=', alice.customer.id).executeTakeFirst(),
        id: alice.customer.id,
      },
      {
        noun: 'casino',
        list: '/api/casinos',
        url: `/api/casinos/${alice.casino.id}`,
        method: 'PATCH' as const,
        change: { scRatio: 500 },
        stale: { scRatio: 200 },
        read: () =>
          s.database.db.selectFrom('casinos').select(['scRatio as name', 'version']).where('id', '=', alice.casino.id).executeTakeFirst(),
        id: alice.casino.id,
      },
      {
        noun: 'transaction type',
        list: `/api/transaction-types?casinoId=${alice.casino.id}`,
        url: `/api/transaction-types/${alice.type.id}`,
        method: 'PATCH' as const,
        change: { name: 'Buy' },
        stale: { name: 'Deposit' },
        read: () =>
          s.database.db.selectFrom('transactionTypes').select(['name', 'version']).where('id', '=', alice.type.id).executeTakeFirst(),
        id: alice.type.id,
      },
    ];
    for (const c of cases) {
      expect((await send('GET', c.list)).json(), c.noun).toContainEqual(expect.objectContaining({ id: c.id, version: 1 }));
      const changed = await send(c.method, c.url, { ...c.change, version: 1 }, admin);
      expect(changed.json(), c.noun).toMatchObject({ ...c.change, version: 2 });
      const before = await c.read();
      const audits = await auditCount();
      await expectStale(await send(c.method, c.url, { ...c.stale, version: 1 }), c.noun);
      expect(await c.read(), c.noun).toEqual(before);
      expect(await auditCount(), c.noun).toBe(audits);
      expect((await send(c.method, c.url, { ...c.stale, version: 2 })).json(), c.noun).toMatchObject({ ...c.stale, version: 3 });
      expect((await send(c.method, c.url, c.change)).json(), c.noun).toMatchObject({ ...c.change, version: 4 });
    }
    // Over tRPC too.
    await expect(s.caller(staff).customers.update({ id: alice.customer.id, name: 'X', version: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // A version alone changes nothing: still "Nothing to update".
    expect((await send('PATCH', `/api/casinos/${alice.casino.id}`, { version: 4 })).statusCode).toBe(400);
  });

  it("a customer's link: its status change refused on a stale version, taken on the current one or none", async () => {
    const pair = { customerId: alice.customer.id, casinoId: alice.casino.id };
    expect((await send('GET', `/api/customer-casinos?customerId=${alice.customer.id}`)).json()).toEqual([
      expect.objectContaining({ ...pair, version: 1 }),
    ]);
    expect((await send('POST', '/api/customer-casinos', { ...pair, status: 'banned', version: 1 }, admin)).json()).toMatchObject({
      status: 'banned',
      version: 2,
    });
    const audits = await auditCount();
    await expectStale(await send('POST', '/api/customer-casinos', { ...pair, status: 'locked', version: 1 }), 'link');
    const link = await s.database.db
      .selectFrom('customerCasinos')
      .select(['status', 'version'])
      .where('customerId', '=', pair.customerId)
      .executeTakeFirst();
    expect(link).toEqual({ status: 'banned', version: 2 });
    expect(await auditCount()).toBe(audits);
    expect((await send('POST', '/api/customer-casinos', { ...pair, status: 'active', version: 2 })).json()).toMatchObject({
      status: 'active',
      version: 3,
    });
    expect((await send('POST', '/api/customer-casinos', { ...pair, status: 'inactive' })).json()).toMatchObject({
      status: 'inactive',
      version: 4,
    });
    // The balances the ledger keeps on the link are not edits of it.
    await send('POST', '/api/customer-casinos', { ...pair, status: 'active' });
    await send('POST', '/api/transactions', entry('-20.00'));
    expect((await send('GET', `/api/customer-casinos?customerId=${alice.customer.id}`)).json()).toEqual([
      expect.objectContaining({ currentUnplayedCoins: '22000.00', version: 5 }),
    ]);
  });
});
