import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
beforeEach(async () => {
  s = await createTestServer();
  staff = await s.addUser('staff');
});
afterEach(() => s.stop());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const hs256 = (payload: object, secret: string) => {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${crypto.createHmac('sha256', secret).update(head).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);
/** The session the staff user's sign-in token names: a forged token must name a real session to get that far. */
const sid = () => (JSON.parse(Buffer.from(staff.token.split('.')[1], 'base64url').toString()) as { sid: number }).sid;

/** The same token sent over REST and over tRPC: both must answer 401. */
async function refusedEverywhere(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const rest = await s.app.inject({ url: '/api/auth/user', headers });
  const trpc = await s.app.inject({ url: '/trpc/auth.user', headers });
  const batch = await s.app.inject({ url: '/trpc/auth.user,customers.list?batch=1&input=%7B%7D', headers });
  return [
    rest.statusCode,
    trpc.statusCode,
    batch.json<{ error: { data: { httpStatus: number } } }[]>().map((r) => r.error.data.httpStatus),
  ];
}

describe('sign-in tokens', () => {
  it('accepts a genuine token on REST and tRPC', async () => {
    const headers = staff.auth;
    expect((await s.app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/trpc/auth.user', headers })).statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(staff.id), sid: sid(), tv: 0, iat: now(), exp: now() + 600 })}.`;
    expect(await refusedEverywhere(token)).toEqual([401, 401, [401, 401]]);
  });

  it('refuses a token signed with another key', async () => {
    const token = hs256(
      { sub: String(staff.id), sid: sid(), tv: 0, iat: now(), exp: now() + 600 },
      'not-the-server-secret-not-the-server-secret',
    );
    expect(await refusedEverywhere(token)).toEqual([401, 401, [401, 401]]);
  });

  it('refuses an expired token signed with the right key', async () => {
    const secret = s.services.config.jwtSecret!;
    const token = hs256({ sub: String(staff.id), sid: sid(), tv: 0, iat: now() - 7200, exp: now() - 60 }, secret);
    expect(await refusedEverywhere(token)).toEqual([401, 401, [401, 401]]);
    const fresh = hs256({ sub: String(staff.id), sid: sid(), tv: 0, iat: now(), exp: now() + 600 }, secret);
    expect((await s.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
  });

  it('stops accepting a token when it expires, even one already used (and so remembered)', async () => {
    const secret = s.services.config.jwtSecret!;
    const token = hs256({ sub: String(staff.id), sid: sid(), tv: 0, iat: now(), exp: now() + 5 }, secret);
    expect((await s.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6000 });
    try {
      expect(await refusedEverywhere(token)).toEqual([401, 401, [401, 401]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token of an older token version', async () => {
    await s.database.db.updateTable('users').set({ tokenVersion: 1 }).where('id', '=', staff.id).execute();
    expect(await refusedEverywhere(staff.token)).toEqual([401, 401, [401, 401]]);
  });

  it('refuses a token for a user who does not exist, and a tampered payload', async () => {
    const secret = s.services.config.jwtSecret!;
    expect(await refusedEverywhere(hs256({ sub: '9999', sid: sid(), tv: 0, iat: now(), exp: now() + 600 }, secret))).toEqual([
      401,
      401,
      [401, 401],
    ]);
    const [head, , sig] = staff.token.split('.');
    const tampered = `${head}.${b64({ sub: String(staff.id + 1), sid: sid(), tv: 0, iat: now(), exp: now() + 600 })}.${sig}`;
    expect(await refusedEverywhere(tampered)).toEqual([401, 401, [401, 401]]);
  });
});
