import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEventData } from '../../shared/schemas/change-events';
import { LEDGER_LIMIT } from '../../shared/ledger';
import { type Pair, pairFixture } from '../testing/fixtures';
import { inject, type Method } from '../testing/rest';
import { createTestServer, type TestServer, type TestUser } from '../testing/test-server';

// Every committed change reaches the change stream once, after its commit, naming its ids; a refused or
// rolled-back write sends nothing (decision 150). The events are read where every stream reads them.

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let alice: Pair;
let seen: ChangeEventData[];
let stop: () => void;

beforeEach(async () => {
  s = await createTestServer();
  staff = await s.addUser('staff');
  admin = await s.addUser('admin');
  alice = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  seen = [];
  stop = s.services.changes.open(
    { userId: admin.id, stillSignedIn: async () => true },
    {
      write: (text) => {
        const data = /^data: (.*)$/m.exec(text)?.[1];
        if (data && data !== '{}') seen.push(JSON.parse(data) as ChangeEventData);
      },
      behind: () => 0,
      end: () => {},
    },
    undefined,
  );
});
afterEach(async () => {
  stop();
  await s.stop();
});

const send = (method: Method, url: string, payload?: object, who: TestUser = staff) => inject(s.app, method, url, who.auth, payload);
const entry = (usdChange = '-20.00', unplayedCoinsChange = '22000.00') => ({
  customerId: alice.customer.id,
  casinoId: alice.casino.id,
  transactionTypeId: alice.type.id,
  unplayedCoinsChange,
  playedCoinsChange: '0.00',
  usdChange,
});
/** The events since the last call, each without its time (checked once, below). */
const taken = () => seen.splice(0).map(({ at: _at, ...rest }) => rest);

describe('the change stream (events)', () => {
  it('sends one transaction event per committed write, with its ids, the acting user and when it committed', async () => {
    const created = await send('POST', '/api/transactions', entry());
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(seen).toHaveLength(1);
    expect(Date.now() - Date.parse(seen[0].at)).toBeLessThan(5000);
    const pair = { customerId: alice.customer.id, casinoId: alice.casino.id };
    expect(taken()).toEqual([{ kind: 'transaction.created', transactionId: id, ...pair, userId: staff.id }]);

    expect((await send('PATCH', `/api/transactions/${id}`, entry('-25.00'))).statusCode).toBe(200);
    expect(taken()).toEqual([{ kind: 'transaction.updated', transactionId: id, ...pair, userId: staff.id }]);

    // Moved to Bob's pair: both pairs are named.
    const bob = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Spins' });
    const moved = { ...entry(), customerId: bob.customer.id, casinoId: bob.casino.id, transactionTypeId: bob.type.id };
    expect((await send('PATCH', `/api/transactions/${id}`, moved)).statusCode).toBe(200);
    expect(taken()).toEqual([
      {
        kind: 'transaction.updated',
        transactionId: id,
        customerId: bob.customer.id,
        casinoId: bob.casino.id,
        customerIds: [alice.customer.id, bob.customer.id],
        casinoIds: [alice.casino.id, bob.casino.id],
        userId: staff.id,
      },
    ]);

    expect((await send('DELETE', `/api/transactions/${id}`)).statusCode).toBe(204);
    expect(taken()).toEqual([
      { kind: 'transaction.deleted', transactionId: id, customerId: bob.customer.id, casinoId: bob.casino.id, userId: staff.id },
    ]);
    expect((await send('POST', `/api/transactions/${id}/restore`)).statusCode).toBe(200);
    expect(taken()).toEqual([
      { kind: 'transaction.restored', transactionId: id, customerId: bob.customer.id, casinoId: bob.casino.id, userId: staff.id },
    ]);
  });

  it('sends nothing for a refused write, a rolled-back one, or a retry that records nothing new', async () => {
    // Refused before writing: validation, a missing record, a conflict.
    expect((await send('POST', '/api/transactions', { ...entry(), usdChange: 'ten' })).statusCode).toBe(400);
    expect((await send('PATCH', '/api/transactions/999', entry())).statusCode).toBe(404);
    expect((await send('POST', '/api/casinos', { name: ' lucky ', website: null })).statusCode).toBe(409);
    // Rolled back: the second entry is written in the same SQLite transaction as the first, then refused
    // at the ledger's limit and its savepoint rolled back; only the first commits.
    s.database.sqlite
      .prepare(`update "customerCasinos" set "currentUnplayedCoins" = ? where "customerId" = ? and "casinoId" = ?`)
      .run(LEDGER_LIMIT - 100, alice.customer.id, alice.casino.id);
    const [first, second] = await Promise.all([
      send('POST', '/api/transactions', entry('0.00', '0.60')),
      send('POST', '/api/transactions', entry('0.00', '0.60')),
    ]);
    expect([first.statusCode, second.statusCode], first.body).toEqual([201, 400]);
    expect(taken()).toEqual([expect.objectContaining({ kind: 'transaction.created', transactionId: (first.json() as { id: number }).id })]);
    // The same idempotency key again records nothing new, and says nothing new.
    const keyed = (await send('POST', '/api/transactions', { ...entry('0.00', '-1.00'), idempotencyKey: 'key-0001' })).json() as {
      id: number;
    };
    const again = (await send('POST', '/api/transactions', { ...entry('0.00', '-1.00'), idempotencyKey: 'key-0001' })).json() as {
      id: number;
    };
    expect(again.id).toBe(keyed.id);
    expect(taken()).toEqual([expect.objectContaining({ kind: 'transaction.created', transactionId: keyed.id })]);
    // Reads and sign-ins change nothing the screens show.
    await send('GET', '/api/transactions');
    await send('POST', '/api/auth/login', { email: staff.email, password: 'Passw0rd!' });
    expect(seen).toEqual([]);
  });

  it('sends the redemption, check-in, reconciliation and link events once each', async () => {
    const pair = { customerId: alice.customer.id, casinoId: alice.casino.id };
    await send('POST', '/api/transactions', { ...entry('-20.00', '0.00'), playedCoinsChange: '5000.00' });
    taken();
    const requested = await send('POST', '/api/redemptions', { ...pair, unplayedCoins: '0', playedCoins: '3000', expectedUsd: '3.00' });
    expect(requested.statusCode).toBe(201);
    const redemptionId = (requested.json() as { id: number }).id;
    const redemption = { kind: 'redemption.changed', redemptionId, ...pair, userId: staff.id };
    expect(taken()).toEqual([redemption]);
    expect((await send('POST', `/api/redemptions/${redemptionId}/receive`, { usdReceived: '3.00' })).statusCode).toBe(200);
    expect(taken()).toEqual([redemption]);
    const second = (
      await send('POST', '/api/redemptions', { ...pair, unplayedCoins: '0', playedCoins: '1000', expectedUsd: '1.00' })
    ).json() as {
      id: number;
    };
    expect((await send('POST', `/api/redemptions/${second.id}/cancel`, {})).statusCode).toBe(200);
    expect(taken().map((e) => e.kind)).toEqual(['redemption.changed', 'redemption.changed']);
    // A receipt twice is refused: nothing.
    expect((await send('POST', `/api/redemptions/${redemptionId}/receive`, { usdReceived: '3.00' })).statusCode).toBe(409);
    expect(seen).toEqual([]);

    const checkIn = await send('POST', '/api/check-ins', { ...pair, unplayedCoins: '100' });
    expect(checkIn.statusCode).toBe(201);
    const checkInId = (checkIn.json() as { transactionId: number }).transactionId;
    expect(taken()).toEqual([{ kind: 'checkIn.recorded', transactionId: checkInId, ...pair, userId: staff.id }]);
    expect((await send('POST', '/api/check-ins', { ...pair, unplayedCoins: '200' })).statusCode).toBe(409);
    expect(seen).toEqual([]);

    const reconciled = await send('POST', '/api/customer-casinos/reconcile', { ...pair, unplayedCoins: '22100', playedCoins: '1000' });
    expect(reconciled.statusCode).toBe(200);
    const adjustment = (reconciled.json() as { adjustment: { id: number } }).adjustment.id;
    expect(taken()).toEqual([{ kind: 'reconciliation.recorded', ...pair, transactionId: adjustment, userId: staff.id }]);

    expect((await send('POST', '/api/customer-casinos', { ...pair, status: 'inactive' })).statusCode).toBe(200);
    expect(taken()).toEqual([{ kind: 'link.changed', ...pair, userId: staff.id }]);
  });

  it('sends the master data, user and import events once each', async () => {
    const customer = (await send('POST', '/api/customers', { name: 'Carol', email: null })).json() as { id: number };
    await send('PATCH', `/api/customers/${customer.id}`, { name: 'Caroline' });
    const casino = (await send('POST', '/api/casinos', { name: 'Zed', website: null })).json() as { id: number };
    await send('PATCH', `/api/casinos/${casino.id}`, { scRatio: 500 });
    const type = (await send('POST', '/api/transaction-types', { name: 'Bonus', casinoId: casino.id })).json() as { id: number };
    await send('PATCH', `/api/transaction-types/${type.id}`, { name: 'Free play' });
    await send('DELETE', `/api/transaction-types/${type.id}`);
    await send('POST', `/api/casinos/${casino.id}/copy-types`, { fromCasinoId: alice.casino.id });
    const by = { userId: staff.id };
    expect(taken()).toEqual([
      { kind: 'customer.changed', customerId: customer.id, ...by },
      { kind: 'customer.changed', customerId: customer.id, ...by },
      { kind: 'casino.changed', casinoId: casino.id, ...by },
      { kind: 'casino.changed', casinoId: casino.id, ...by },
      { kind: 'transactionType.changed', transactionTypeId: type.id, casinoId: casino.id, ...by },
      { kind: 'transactionType.changed', transactionTypeId: type.id, casinoId: casino.id, ...by },
      { kind: 'transactionType.changed', transactionTypeId: type.id, casinoId: casino.id, ...by },
      { kind: 'transactionType.changed', casinoId: casino.id, ...by },
    ]);
    // Copying again finds every type there already: nothing changed, nothing sent.
    expect((await send('POST', `/api/casinos/${casino.id}/copy-types`, { fromCasinoId: alice.casino.id })).statusCode).toBe(201);
    expect(seen).toEqual([]);

    const user = (
      await send(
        'POST',
        '/api/admin/users',
        { email: 'new@example.com', password: 'Passw0rd!', firstName: 'N', lastName: 'U', role: 'staff' },
        admin,
      )
    ).json() as { id: number };
    await send('PATCH', `/api/admin/users/${user.id}/role`, { role: 'admin' }, admin);
    await send('PATCH', `/api/admin/users/${user.id}/status`, { isActive: false }, admin);
    expect(taken()).toEqual(Array(3).fill({ kind: 'user.changed', subjectUserId: user.id, userId: admin.id }));

    const csv = `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n2026-11-01 10:00,Alice,Lucky,Purchase,22000,0,-20.00\r\n`;
    const post = (query: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/import/transactions${query}`,
        headers: { ...staff.auth, 'content-type': 'text/csv' },
        payload: csv,
      });
    expect((await post('?dryRun=true')).statusCode).toBe(200);
    expect(seen).toEqual([]);
    expect((await post('')).statusCode).toBe(201);
    expect(taken()).toEqual([{ kind: 'import.committed', userId: staff.id }]);
  });
});
