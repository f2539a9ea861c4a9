import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '../trpc/app-router';
import { createTestServer, type TestServer, type TestUser } from '../testing/test-server';
import { REST_ROUTES } from './rest';

let s: TestServer;
let staff: TestUser;
beforeAll(async () => {
  s = await createTestServer();
  staff = await s.addUser('staff');
});
afterAll(() => s.stop());

const PUBLIC = new Set(['auth.login', 'auth.loginTwoFactor', 'auth.resetPassword']);
const isProcedure = (v: unknown): v is AnyProcedure => typeof v === 'function' && '_def' in v;

/** Every procedure with its dotted path, walked from the router's record. */
function walk(record: object, prefix = ''): [string, AnyProcedure][] {
  return Object.entries(record).flatMap(([key, value]: [string, unknown]) =>
    isProcedure(value)
      ? [[prefix + key, value] as [string, AnyProcedure]]
      : typeof value === 'object' && value
        ? walk(value, `${prefix}${key}.`)
        : [],
  );
}
const procedures = walk(appRouter._def.record).map(([path, p]) => [path, { type: p._def.type, access: accessOf(p._def.meta) }] as const);

function accessOf(meta: unknown): unknown {
  return typeof meta === 'object' && meta !== null && 'access' in meta ? meta.access : undefined;
}

describe('access, walked over the whole router', () => {
  it('gives every procedure an access level, and only login (both steps) and reset are public', () => {
    expect(procedures.length).toBeGreaterThan(20);
    for (const [path, procedure] of procedures) {
      const access = procedure.access;
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
    const adminProcedures = procedures.filter(([, p]) => p.access === 'admin');
    const admin = adminProcedures.map(([path]) => path);
    expect(admin).toEqual(expect.arrayContaining(['users.list', 'users.create', 'users.changeRole', 'users.sendResetLink']));
    for (const [path, p] of adminProcedures) {
      // Each procedure is called the way tRPC serves it (a query by GET, a mutation by POST), so the
      // refusal must be the access check's 403, not a 405 for the wrong method.
      const res =
        p.type === 'query'
          ? await s.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: staff.auth })
          : await s.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: staff.auth, payload: {} });
      expect(res.statusCode, `${p.type} ${path}`).toBe(403);
      expect(res.json().error.message, path).toBe('Admins only');
    }
    for (const [method, url, procedure] of REST_ROUTES) {
      if (!admin.includes(procedure)) continue;
      const res = await s.app.inject({
        method,
        url: url.replace(':id', '1'),
        headers: staff.auth,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('maps every REST row onto a procedure that exists', () => {
    const known = new Set(procedures.map(([path]) => path));
    for (const [, , procedure] of REST_ROUTES) expect(known.has(procedure), procedure).toBe(true);
  });
});
