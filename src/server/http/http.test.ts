import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteOf } from '../db/database';
import { createTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

/** A sign-in request with this body as sent, whatever it holds. */
const postLogin = (body: string) =>
  s.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: body });

describe('the HTTP error contract', () => {
  it('answers malformed JSON with 400 and a message, no stack', async () => {
    const res = await postLogin('{"email": "a@b.c", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await postLogin(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await s.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nothing/here' });
  });

  it('refuses a __proto__ key with 400', async () => {
    const res = await postLogin('{"email":"a@b.c","password":"x","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
  });

  it('sets security headers and no CORS header', async () => {
    const res = await s.app.inject({ url: '/api/health', headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('tRPC queries over GET', () => {
  it('answer single and batched calls in tRPC wire format, and errors as tRPC does', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    await s.caller(admin).customers.create({ name: 'Wire Customer' });
    const single = await s.app.inject({ url: '/trpc/customers.list', headers: admin.auth });
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toContain('application/json');
    expect(single.json<{ result: { data: { name: string }[] } }>().result.data.map((c) => c.name)).toEqual(['Wire Customer']);

    const input = encodeURIComponent(JSON.stringify({ 1: { casinoId: 999 } }));
    const batch = await s.app.inject({ url: `/trpc/casinos.list,transactionTypes.list?batch=1&input=${input}`, headers: staff.auth });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toEqual([{ result: { data: [] } }, { result: { data: [] } }]);

    const forbidden = await s.app.inject({ url: '/trpc/customers.list,reports.profitability?batch=1&input=%7B%7D', headers: staff.auth });
    const answers = forbidden.json<({ result: unknown } | { error: { data: { httpStatus: number; code: string } } })[]>();
    expect(answers[0]).toEqual({ result: { data: [expect.objectContaining({ name: 'Wire Customer' })] } });
    expect('error' in answers[1] && answers[1].error.data).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN' });

    const bad = await s.app.inject({ url: `/trpc/transactions.list?input=${encodeURIComponent('{"limit":"x"}')}`, headers: staff.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { data: { httpStatus: number } } }>().error.data.httpStatus).toBe(400);

    const noUser = await s.app.inject({ url: '/trpc/customers.list' });
    expect(noUser.statusCode).toBe(401);
  });

  it('answers a large read intact through tRPC, single and batched', async () => {
    const staff = await s.addUser('staff');
    const insert = sqliteOf(s.database.db).prepare(
      "insert into customers (name, email, isActive, createdAt) values (?, ?, 1, '2026-01-01T00:00:00.000Z')",
    );
    sqliteOf(s.database.db).transaction(() => {
      for (let i = 0; i < 12_000; i++) insert.run(`Customer ${String(i).padStart(5, '0')}`, `c${i}@example.com`);
    })();
    {
      const single = await s.app.inject({ url: '/trpc/customers.list', headers: staff.auth });
      expect(single.rawPayload.length).toBeGreaterThan(1 << 20);
      const rows = single.json<{ result: { data: { name: string }[] } }>().result.data;
      expect(rows).toHaveLength(12_000);
      expect(rows[11_999].name).toBe('Customer 11999');
      const batch = await s.app.inject({ url: '/trpc/customers.list,casinos.list?batch=1&input=%7B%7D', headers: staff.auth });
      const [customers, casinos] = batch.json<{ result: { data: unknown[] } }[]>();
      expect(customers.result.data).toHaveLength(12_000);
      expect(casinos.result.data).toEqual([]);
    }
  });
});
