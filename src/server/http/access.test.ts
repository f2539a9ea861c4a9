import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../trpc/app-router';
import { createTestServer, type TestServer } from '../testing/test-server';
import { REST_ROUTES } from './rest';

let s: TestServer;
let staff: Awaited<ReturnType<TestServer['addUser']>>;
beforeAll(async () => {
  s = await createTestServer();
  staff = await s.addUser('staff');
});
afterAll(() => s.stop());

const PUBLIC = new Set(['auth.login', 'auth.resetPassword']);
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { access?: string } } }>);

describe('access, walked over the whole router', () => {
  it('gives every procedure an access level, and only login and reset are public', () => {
    expect(procedures.length).toBeGreaterThan(20);
    for (const [path, procedure] of procedures) {
      const access = procedure._def.meta?.access;
      expect(['public', 'authed', 'admin'], path).toContain(access);
      expect(access === 'public', path).toBe(PUBLIC.has(path));
    }
  });

  it('answers 401 on every non-public REST route without a token, writing nothing', async () => {
    for (const [method, url, procedure] of REST_ROUTES) {
      if (PUBLIC.has(procedure)) continue;
      const res = await s.app.inject({ method, url: url.replace(':id', '1'), ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to staff on every admin procedure, over REST and tRPC', async () => {
    const admin = procedures.filter(([, p]) => p._def.meta?.access === 'admin').map(([path]) => path);
    expect(admin).toEqual(expect.arrayContaining(['users.list', 'users.create', 'users.changeRole', 'users.sendResetLink']));
    for (const path of admin) {
      const res = await s.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: staff.auth, payload: {} });
      const viaGet = await s.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: staff.auth });
      expect([res.statusCode, viaGet.statusCode].includes(403), path).toBe(true);
    }
    for (const [method, url, procedure] of REST_ROUTES) {
      if (!admin.includes(procedure)) continue;
      const res = await s.app.inject({ method, url: url.replace(':id', '1'), headers: staff.auth, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('maps every REST row onto a procedure that exists', () => {
    const known = new Set(procedures.map(([path]) => path));
    for (const [, , procedure] of REST_ROUTES) expect(known.has(procedure), procedure).toBe(true);
  });
});
