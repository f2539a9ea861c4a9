import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessKinds, bearer } from '../../testing/accounts';
import { inject } from '../../testing/rest';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
beforeEach(async () => {
  s = await createTestServer();
  staff = await s.addUser('staff', 'sam@example.com');
});
afterEach(async () => {
  vi.useRealTimers();
  await s.stop();
});

async function create(scope: 'read' | 'write', expiresInDays = 30, name = 'Sheet') {
  const res = await inject(s.app, 'POST', '/api/auth/api-tokens', staff.auth, { name, scope, expiresInDays });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; token: string; prefix: string; expiresAt: string; createdAt: string }>();
}

describe('API tokens', () => {
  it('creates a token shown once and kept as a hash; lists it without the secret, with its first use', async () => {
    const created = await create('read', 30, 'Monthly sheet');
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'name', 'prefix', 'scope', 'token']);
    expect(created.token).toMatch(/^clt_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(30 * 86_400_000);
    const stored = await s.database.db.selectFrom('apiTokens').select('tokenHash').executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(created.token.slice(4));

    expect((await s.app.inject({ url: '/api/customers', headers: bearer(created.token) })).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/trpc/customers.list', headers: bearer(created.token) })).statusCode).toBe(200);
    const list = await inject(s.app, 'GET', '/api/auth/api-tokens', staff.auth);
    const rows = list.json<Record<string, unknown>[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created.id, name: 'Monthly sheet', scope: 'read', prefix: created.prefix });
    expect(rows[0].lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(await accessKinds(s, staff.id)).toEqual(['api-token-created', 'api-token-first-used']);
  });

  it('a read token is refused on any write (403) over REST and tRPC; a write token writes', async () => {
    const read = await create('read');
    const refused = await s.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(read.token), payload: { name: 'Alice' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This API token may only read' });
    const trpc = await s.app.inject({
      method: 'POST',
      url: '/trpc/customers.create',
      headers: bearer(read.token),
      payload: { name: 'Alice' },
    });
    expect(trpc.statusCode).toBe(403);
    const imported = await s.app.inject({
      method: 'POST',
      url: '/api/import/customers?dryRun=true',
      headers: { ...bearer(read.token), 'content-type': 'text/csv' },
      payload: 'Name\nAlice\n',
    });
    expect(imported.statusCode).toBe(403);
    expect(await s.database.db.selectFrom('customers').select('name').execute()).toEqual([]);

    const write = await create('write');
    const ok = await s.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(write.token), payload: { name: 'Alice' } });
    expect(ok.statusCode).toBe(201);
    const audit = await s.database.db.selectFrom('auditLog').select('userEmail').where('entity', '=', 'customer').executeTakeFirstOrThrow();
    expect(audit.userEmail).toBe('sam@example.com');
  });

  it('no token may manage tokens, sessions, passwords, the second step or users (403)', async () => {
    const admin = await s.addUser('admin');
    const adminToken = (
      await inject(s.app, 'POST', '/api/auth/api-tokens', admin.auth, { name: 'Admin script', scope: 'write', expiresInDays: 1 })
    ).json<{ token: string }>().token;
    const auth = bearer(adminToken);
    const calls: [string, string, object?][] = [
      ['GET', '/api/auth/api-tokens'],
      ['POST', '/api/auth/api-tokens', { name: 'x', scope: 'write', expiresInDays: 1 }],
      ['DELETE', '/api/auth/api-tokens/1'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/logout-all'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/change-password', { currentPassword: 'Passw0rd!', newPassword: 'NewPassw0rd' }],
      ['POST', '/api/auth/two-factor/setup'],
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${staff.id}/status`, { isActive: false }],
      ['DELETE', `/api/admin/users/${staff.id}/sessions`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await s.app.inject({ method: method as 'GET', url, headers: auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toBe(
        'API tokens cannot manage sign-ins, passwords, two-step sign-in, API tokens or users',
      );
    }
    // What a token may do as an admin: read the audit and access logs.
    expect((await s.app.inject({ url: '/api/admin/access-log', headers: auth })).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/me', headers: auth })).statusCode).toBe(404);
  });

  it("a revoked, an expired, or a deactivated user's token is refused (401); a token in a query string is never accepted", async () => {
    const a = await create('read');
    const revoke = await inject(s.app, 'DELETE', `/api/auth/api-tokens/${a.id}`, staff.auth);
    expect(revoke.statusCode).toBe(204);
    expect((await s.app.inject({ url: '/api/customers', headers: bearer(a.token) })).statusCode).toBe(401);
    expect((await inject(s.app, 'DELETE', `/api/auth/api-tokens/${a.id}`, staff.auth)).statusCode).toBe(404);

    const b = await create('read', 1);
    expect((await s.app.inject({ url: '/api/customers', headers: bearer(b.token) })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 + 1000 });
    expect((await s.app.inject({ url: '/api/customers', headers: bearer(b.token) })).statusCode).toBe(401);
    vi.useRealTimers();

    const c = await create('read');
    expect((await s.app.inject({ url: `/api/exports/transactions.csv?token=${c.token}` })).statusCode).toBe(401);
    expect((await s.app.inject({ url: `/api/customers?token=${c.token}` })).statusCode).toBe(401);
    const admin = await s.addUser('admin');
    await inject(s.app, 'PATCH', `/api/admin/users/${staff.id}/status`, admin.auth, { isActive: false });
    expect((await s.app.inject({ url: '/api/customers', headers: bearer(c.token) })).statusCode).toBe(401);
  });

  it("names bad fields; another user's token id is a 404", async () => {
    const bad = await inject(s.app, 'POST', '/api/auth/api-tokens', staff.auth, { name: ' ', scope: 'admin', expiresInDays: 367 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'scope', message: 'Scope must be read or write' },
      { path: 'expiresInDays', message: 'Expires in must be a whole number of days from 1 to 366' },
    ]);
    const mine = await create('read');
    const other = await s.addUser('staff');
    expect((await inject(s.app, 'DELETE', `/api/auth/api-tokens/${mine.id}`, other.auth)).statusCode).toBe(404);
    expect((await s.app.inject({ url: '/api/customers', headers: bearer(mine.token) })).statusCode).toBe(200);
  });
});
