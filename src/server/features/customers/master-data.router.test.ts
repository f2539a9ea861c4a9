import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { expectFieldErrors, inject, type Method } from '../../testing/rest';

let s: TestServer;
let auth: { authorization: string };
beforeEach(async () => {
  s = await createTestServer();
  auth = (await s.addUser('staff')).auth;
});
afterEach(() => s.stop());

const call = (method: Method, url: string, payload?: object, headers = auth) => inject(s.app, method, url, headers, payload);

describe('customers', () => {
  it('creates, lists, edits and deactivates a customer', async () => {
    const created = await call('POST', '/api/customers', { name: '  Alice Doe ', email: 'alice@example.com' });
    expect(created.statusCode).toBe(201);
    const alice = created.json();
    expect(alice).toMatchObject({ name: 'Alice Doe', email: 'alice@example.com', isActive: true });
    expect(alice.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call('POST', '/api/customers', { name: 'Bob', email: '' })).json()).toMatchObject({ name: 'Bob', email: null });

    const list = await call('GET', '/api/customers');
    expect(list.json().map((c: { name: string }) => c.name)).toEqual(['Alice Doe', 'Bob']);

    const renamed = await call('PATCH', `/api/customers/${alice.id}`, { name: 'Alice D.', email: '' });
    expect(renamed.json()).toMatchObject({ id: alice.id, name: 'Alice D.', email: null, isActive: true });
    const off = await call('PATCH', `/api/customers/${alice.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ name: 'Alice D.', isActive: false });
  });

  it('names bad fields and writes nothing', async () => {
    const res = await call('POST', '/api/customers', { name: '   ', email: 'nope' });
    expectFieldErrors(res, [
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Invalid email' },
    ]);
    expect((await call('GET', '/api/customers')).json()).toEqual([]);
    // A name past the limit says what the limit is.
    expectFieldErrors(await call('POST', '/api/customers', { name: 'A'.repeat(201), email: '' }), [
      { path: 'name', message: 'Name is too long: at most 200 characters' },
    ]);
    expect((await call('POST', '/api/customers', { name: 'A'.repeat(200), email: '' })).statusCode).toBe(201);
    expect((await call('PATCH', '/api/customers/999', { isActive: true })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/customers/abc', { isActive: true })).json().errors).toEqual([
      { path: 'id', message: 'Must be a positive whole number' },
    ]);
  });

  it('needs sign-in', async () => {
    expect((await s.app.inject({ url: '/api/customers' })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'POST', url: '/api/customers', payload: { name: 'X' } })).statusCode).toBe(401);
  });
});

describe('casinos', () => {
  it('creates with defaults, coerces scRatio, edits and toggles', async () => {
    const res = await call('POST', '/api/casinos', { name: 'Lucky', website: 'https://lucky.example.com' });
    expect(res.statusCode).toBe(201);
    const lucky = res.json();
    expect(lucky).toMatchObject({ name: 'Lucky', website: 'https://lucky.example.com', isActive: true, scRatio: 1000 });
    const coerced = await call('POST', '/api/casinos', { name: 'Coerced', website: '', isActive: true, scRatio: '250' });
    expect(coerced.json()).toMatchObject({ website: null, scRatio: 250 });
    const edit = await call('PATCH', `/api/casinos/${lucky.id}`, { name: 'Lucky Star', website: '', isActive: true, scRatio: 2000 });
    expect(edit.json()).toMatchObject({ name: 'Lucky Star', website: null, scRatio: 2000 });
    expect((await call('PATCH', `/api/casinos/${lucky.id}`, { isActive: false })).json().isActive).toBe(false);
    expect((await call('GET', '/api/casinos')).json()).toHaveLength(2);
  });

  it('refuses a look-alike casino name (case and spaces ignored) with a 409 on name, writing nothing', async () => {
    const chumba = (await call('POST', '/api/casinos', { name: 'Chumba' })).json();
    for (const name of ['Chumba', 'chumba', '  CHUMBA  ']) {
      const res = await call('POST', '/api/casinos', { name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({
        message: 'A casino named "Chumba" already exists',
        errors: [{ path: 'name', message: 'A casino named "Chumba" already exists' }],
      });
    }
    const other = (await call('POST', '/api/casinos', { name: 'Pulsz' })).json();
    const rename = await call('PATCH', `/api/casinos/${other.id}`, { name: 'chumba ' });
    expect(rename.statusCode).toBe(409);
    // Renaming a casino to its own name in another case is not a conflict.
    expect((await call('PATCH', `/api/casinos/${chumba.id}`, { name: 'CHUMBA' })).json().name).toBe('CHUMBA');
    expect((await call('GET', '/api/casinos')).json().map((c: { name: string }) => c.name)).toEqual(['CHUMBA', 'Pulsz']);
  });

  it('takes SC per $1 only as typed digits', async () => {
    for (const scRatio of ['1.5', '1e3', ' 100', '+5', '0x10', '-3', '0', true, [1]]) {
      const res = await call('POST', '/api/casinos', { name: `Bad ${String(scRatio)}`, scRatio });
      expect(res.statusCode, String(scRatio)).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'scRatio', message: 'SC ratio must be a positive whole number' }]);
    }
    expect((await call('GET', '/api/casinos')).json()).toEqual([]);
  });

  it('names bad fields', async () => {
    const res = await call('POST', '/api/casinos', { name: '', website: 'not a url', scRatio: 1.5 });
    expectFieldErrors(res, [
      { path: 'name', message: 'Name is required' },
      { path: 'website', message: 'Invalid URL' },
      { path: 'scRatio', message: 'SC ratio must be a positive whole number' },
    ]);
    expect((await call('POST', '/api/casinos', { name: 'Zero', scRatio: 0 })).json().errors).toEqual([
      { path: 'scRatio', message: 'SC ratio must be a positive whole number' },
    ]);
  });
});

describe('transaction types', () => {
  it('creates per casino, filters, renames, refuses duplicates and deletes unused types', async () => {
    const a = (await call('POST', '/api/casinos', { name: 'A' })).json();
    const b = (await call('POST', '/api/casinos', { name: 'B' })).json();
    const purchase = await call('POST', '/api/transaction-types', { name: 'Purchase', casinoId: a.id });
    expect(purchase.statusCode).toBe(201);
    expect(purchase.json()).toEqual({ id: expect.any(Number), name: 'Purchase', casinoId: a.id, version: 1 });
    expect((await call('POST', '/api/transaction-types', { name: 'Purchase', casinoId: b.id })).statusCode).toBe(201);
    const dup = await call('POST', '/api/transaction-types', { name: 'purchase', casinoId: a.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This casino already has a transaction type named "purchase"');

    expect((await call('GET', `/api/transaction-types?casinoId=${a.id}`)).json()).toHaveLength(1);
    expect((await call('GET', '/api/transaction-types')).json()).toHaveLength(2);

    const renamed = await call('PATCH', `/api/transaction-types/${purchase.json().id}`, { name: 'Buy' });
    expect(renamed.json().name).toBe('Buy');
    const del = await call('DELETE', `/api/transaction-types/${purchase.json().id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await call('GET', `/api/transaction-types?casinoId=${a.id}`)).json()).toEqual([]);
  });

  it('names bad fields with the spec messages', async () => {
    const res = await call('POST', '/api/transaction-types', { name: '  ', casinoId: '' });
    expect(res.json().errors).toEqual([
      { path: 'name', message: 'Name required' },
      { path: 'casinoId', message: 'Select a casino to create type' },
    ]);
    expect((await call('POST', '/api/transaction-types', { name: 'T'.repeat(101), casinoId: 99 })).json().errors).toEqual([
      { path: 'name', message: 'Name is too long: at most 100 characters' },
    ]);
    expect((await call('POST', '/api/transaction-types', { name: 'X', casinoId: 99 })).json().errors).toEqual([
      { path: 'casinoId', message: 'Casino not found' },
    ]);
  });
});

describe('customer-casino links', () => {
  it('creates a link with zero balances and updates its status', async () => {
    const c = (await call('POST', '/api/customers', { name: 'C' })).json();
    const k = (await call('POST', '/api/casinos', { name: 'K' })).json();
    const set = await call('POST', '/api/customer-casinos', { customerId: c.id, casinoId: k.id, status: 'active' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      customerId: c.id,
      casinoId: k.id,
      status: 'active',
      currentUnplayedCoins: '0.00',
      currentPlayedCoins: '0.00',
      version: 1,
    });
    await call('POST', '/api/customer-casinos', { customerId: c.id, casinoId: k.id, status: 'banned' });
    expect((await call('GET', `/api/customer-casinos?customerId=${c.id}`)).json()).toEqual([
      { customerId: c.id, casinoId: k.id, status: 'banned', currentUnplayedCoins: '0.00', currentPlayedCoins: '0.00', version: 2 },
    ]);
    const bad = await call('POST', '/api/customer-casinos', { customerId: c.id, casinoId: k.id, status: 'closed' });
    expect(bad.json().errors).toEqual([{ path: 'status', message: 'Status must be active, inactive, banned or locked' }]);
  });
});
