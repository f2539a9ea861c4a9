import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryOf, pairFixture } from '../testing/fixtures';
import { createTestServer, type TestServer } from '../testing/test-server';
import { expectFieldErrors, inject, type Method } from '../testing/rest';

// Loose ids and invisible or control characters in names.
let s: TestServer;
let auth: { authorization: string };
beforeEach(async () => {
  s = await createTestServer();
  auth = (await s.addUser('admin')).auth;
});
afterEach(() => s.stop());

const call = (method: Method, url: string, payload?: object) => inject(s.app, method, url, auth, payload);

async function oneTransaction() {
  const pair = await pairFixture(s.database.db);
  const body = entryOf(pair, { unplayedCoinsChange: '10.00', playedCoinsChange: '0', usdChange: '-10.00' });
  const created = await call('POST', '/api/transactions', body);
  expect(created.statusCode).toBe(201);
  return { pair, body, id: created.json().id as number };
}

describe('ids are positive whole numbers written in decimal (finding 10)', () => {
  it('DELETE /api/transactions/1e0, /0x10, /01 and / 1 are 400 and delete nothing', async () => {
    const { id } = await oneTransaction();
    expect(id).toBe(1);
    for (const written of ['1e0', '0x1', '01', '%201', '1.0', '+1']) {
      const res = await call('DELETE', `/api/transactions/${written}`);
      expectFieldErrors(res, [{ path: 'id', message: 'Must be a positive whole number' }], written);
    }
    expect((await call('GET', '/api/transactions?limit=10')).json().map((t: { id: number }) => t.id)).toEqual([1]);
    expect((await call('DELETE', '/api/transactions/1')).statusCode).toBe(204);
  });

  it('customerId true, [1], "1e0" or "0x1" in a body is refused; a number or decimal digits are taken', async () => {
    const { pair, body } = await oneTransaction();
    for (const customerId of [true, [pair.customer.id], `${pair.customer.id}e0`, '0x1', 1.5, 0, -1]) {
      const res = await call('POST', '/api/transactions', { ...body, customerId });
      expect(res.statusCode, JSON.stringify(customerId)).toBe(400);
      expect(res.json().errors, JSON.stringify(customerId)).toEqual([{ path: 'customerId', message: 'Customer is required' }]);
    }
    expect((await call('GET', '/api/transactions?limit=10')).json()).toHaveLength(1);
    expect((await call('POST', '/api/transactions', { ...body, customerId: String(pair.customer.id) })).statusCode).toBe(201);
    const filtered = await call('GET', `/api/transactions?customerId=0x${pair.customer.id}`);
    expectFieldErrors(filtered, [{ path: 'customerId', message: 'Must be a positive whole number' }]);
  });
});

describe('names hold visible text without control characters (finding 11)', () => {
  const control = ['Eve\u0000', 'Eve\u001b[31m', 'evil\u202Etxt.exe', 'Eve\uD800', 'Eve\u007F', 'Eve\u0085'];
  const invisible = ['\u200B\u200B', '\u200B \u2060', '\u3164', '\uFEFF\u200D'];

  it('customers, casinos, types and users refuse them with 400 naming the field, and save nothing', async () => {
    const casino = (await call('POST', '/api/casinos', { name: 'Lucky' })).json();
    for (const name of control) {
      expect((await call('POST', '/api/customers', { name })).json().errors, JSON.stringify(name)).toEqual([
        { path: 'name', message: 'Must not contain control or invisible formatting characters' },
      ]);
      expect((await call('POST', '/api/casinos', { name })).json().errors).toEqual([
        { path: 'name', message: 'Must not contain control or invisible formatting characters' },
      ]);
      expect((await call('POST', '/api/transaction-types', { name, casinoId: casino.id })).json().errors).toEqual([
        { path: 'name', message: 'Must not contain control or invisible formatting characters' },
      ]);
      const user = await call('POST', '/api/admin/users', { email: 'x@example.com', password: 'Passw0rd!', firstName: name });
      expectFieldErrors(user, [{ path: 'firstName', message: 'Must not contain control or invisible formatting characters' }]);
    }
    for (const name of invisible) {
      const res = await call('POST', '/api/customers', { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'name', message: 'Name is required' }]);
      expect((await call('POST', '/api/transaction-types', { name, casinoId: casino.id })).json().errors).toEqual([
        { path: 'name', message: 'Name required' },
      ]);
    }
    expect((await call('POST', '/api/customers', { name: 'Eve', email: 'eve\u0000@example.com' })).json().errors).toEqual([
      { path: 'email', message: 'Must not contain control or invisible formatting characters' },
    ]);
    expect((await call('GET', '/api/customers')).json()).toEqual([]);
    expect((await call('GET', '/api/casinos')).json().map((c: { name: string }) => c.name)).toEqual(['Lucky']);
    expect((await call('GET', '/api/admin/users')).json()).toHaveLength(1);
  });

  it('accepts names in other scripts, with accents, emoji and a joiner inside a word', async () => {
    for (const name of ['Zoë Ångström', 'مهدی\u200Cپور', 'Kim 👨‍👩‍👧', '  Padded  ']) {
      const res = await call('POST', '/api/customers', { name });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().name).toBe(name.trim());
    }
  });
});
