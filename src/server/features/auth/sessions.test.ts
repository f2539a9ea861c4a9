import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessKinds, bearer, signIn } from '../../testing/accounts';
import { inject } from '../../testing/rest';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { passwordWork } from './passwords';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer({ sessionIdleMinutes: 30, sessionMaxHours: 2 });
});
afterEach(async () => {
  vi.useRealTimers();
  await s.stop();
});

const me = (token: unknown) => s.app.inject({ url: '/api/auth/user', headers: bearer(token) });
/** Moves the clock the server reads (Date) to `ms` after the real now. */
const clockAt = (start: number, ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: start + ms });

describe('server-side sessions', () => {
  it('a sign-in costs one argon2 hash and creates a session with its address and browser', async () => {
    const staff = await s.addUser('staff', 'sam@example.com');
    const before = passwordWork.started;
    const { status, body } = await signIn(s, 'sam@example.com', undefined, '10.1.2.3', 'Mozilla/5.0 Firefox/140');
    expect(status).toBe(200);
    expect(passwordWork.started - before).toBe(1);
    const list = await inject(s.app, 'GET', '/api/auth/sessions', bearer(body.token));
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ id: number; ip: string; userAgent: string; current: boolean; createdAt: string; lastSeenAt: string }[]>();
    expect(rows.map((r) => [r.ip, r.userAgent, r.current])).toEqual([
      ['10.1.2.3', 'Mozilla/5.0 Firefox/140', true],
      ['127.0.0.1', 'test', false],
    ]);
    expect(rows[0].createdAt).toBe(rows[0].lastSeenAt);
    expect((await s.database.db.selectFrom('sessions').select('userId').execute()).every((r) => r.userId === staff.id)).toBe(true);
  });

  it('logout ends the session: the same token is refused afterwards, and the access log says so', async () => {
    const staff = await s.addUser('staff', 'sam@example.com');
    const { body } = await signIn(s, 'sam@example.com');
    const out = await inject(s.app, 'POST', '/api/auth/logout', bearer(body.token));
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await me(body.token)).statusCode).toBe(401);
    expect((await inject(s.app, 'POST', '/api/auth/logout', bearer(body.token))).statusCode).toBe(401);
    // The other session (the fixture's) is untouched.
    expect((await me(staff.token)).statusCode).toBe(200);
    expect(await accessKinds(s, staff.id)).toEqual(['sign-in', 'sign-out']);
  });

  it("logout-all ends every session of the caller, this one included, and no one else's", async () => {
    const staff = await s.addUser('staff', 'sam@example.com');
    const other = await s.addUser('staff');
    const a = await signIn(s, 'sam@example.com');
    const res = await inject(s.app, 'POST', '/api/auth/logout-all', bearer(a.body.token));
    expect(res.statusCode).toBe(204);
    expect((await me(a.body.token)).statusCode).toBe(401);
    expect((await me(staff.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    const last = await s.database.db.selectFrom('accessLog').select(['kind', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toEqual({ kind: 'sign-out', detail: 'Everywhere: 2 sessions ended' });
  });

  it("ends one session by id; another user's session id is a 404 and stays open", async () => {
    const staff = await s.addUser('staff', 'sam@example.com');
    const other = await s.addUser('staff');
    const a = await signIn(s, 'sam@example.com');
    const ids = (await inject(s.app, 'GET', '/api/auth/sessions', staff.auth)).json<{ id: number; current: boolean }[]>();
    const otherSessions = await s.database.db.selectFrom('sessions').select('id').where('userId', '=', other.id).execute();
    const foreign = await inject(s.app, 'DELETE', `/api/auth/sessions/${otherSessions[0].id}`, staff.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Session not found' });
    expect((await me(other.token)).statusCode).toBe(200);
    const browser = ids.find((r) => !r.current)!;
    expect((await inject(s.app, 'DELETE', `/api/auth/sessions/${browser.id}`, staff.auth)).statusCode).toBe(204);
    expect((await me(a.body.token)).statusCode).toBe(401);
    expect((await me(staff.token)).statusCode).toBe(200);
  });

  it("admins list and end all of a user's sessions", async () => {
    const admin = await s.addUser('admin', 'ada@example.com');
    const staff = await s.addUser('staff', 'sam@example.com');
    await signIn(s, 'sam@example.com', undefined, '10.9.9.9', 'Safari');
    const list = await inject(s.app, 'GET', `/api/admin/users/${staff.id}/sessions`, admin.auth);
    expect(list.json<{ ip: string; current: boolean }[]>().map((r) => [r.ip, r.current])).toEqual([
      ['10.9.9.9', false],
      ['127.0.0.1', false],
    ]);
    expect((await inject(s.app, 'GET', `/api/admin/users/${staff.id}/sessions`, staff.auth)).statusCode).toBe(403);
    const end = await inject(s.app, 'DELETE', `/api/admin/users/${staff.id}/sessions`, admin.auth);
    expect(end.statusCode).toBe(204);
    expect((await me(staff.token)).statusCode).toBe(401);
    expect((await me(admin.token)).statusCode).toBe(200);
    const last = await s.database.db
      .selectFrom('accessLog')
      .select(['kind', 'userId', 'detail'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ kind: 'session-ended', userId: staff.id, detail: '2 sessions ended by ada@example.com' });
  });

  it('times out a session unused for SESSION_IDLE_MINUTES, and logs it once', async () => {
    const staff = await s.addUser('staff', 'sam@example.com');
    const start = Date.now();
    clockAt(start, 29 * 60_000);
    expect((await me(staff.token)).statusCode).toBe(200);
    // Used at 29 minutes: idle counts from then.
    clockAt(start, 58 * 60_000);
    expect((await me(staff.token)).statusCode).toBe(200);
    clockAt(start, (58 + 31) * 60_000);
    expect((await me(staff.token)).statusCode).toBe(401);
    expect((await me(staff.token)).statusCode).toBe(401);
    const log = await s.database.db.selectFrom('accessLog').select(['kind', 'detail']).where('userId', '=', staff.id).execute();
    expect(log).toEqual([{ kind: 'session-timeout', detail: 'Unused for more than 30 minutes' }]);
  });

  it('ends a busy session SESSION_MAX_HOURS after its sign-in', async () => {
    const staff = await s.addUser('staff', 'sam@example.com');
    const start = Date.now();
    for (let minute = 20; minute < 120; minute += 20) {
      clockAt(start, minute * 60_000);
      expect((await me(staff.token)).statusCode, `at ${minute} minutes`).toBe(200);
    }
    clockAt(start, 121 * 60_000);
    expect((await me(staff.token)).statusCode).toBe(401);
    const log = await s.database.db.selectFrom('accessLog').select(['kind', 'detail']).where('userId', '=', staff.id).execute();
    expect(log).toEqual([{ kind: 'session-timeout', detail: 'Signed in more than 2 hours ago' }]);
  });

  it('refuses the session of a user marked inactive, even if the session row is still there', async () => {
    const staff = await s.addUser('staff');
    await s.database.db.updateTable('users').set({ isActive: 0 }).where('id', '=', staff.id).execute();
    expect((await me(staff.token)).statusCode).toBe(401);
    expect(await s.database.db.selectFrom('sessions').select('id').where('userId', '=', staff.id).execute()).toHaveLength(1);
  });

  it('writes the last use at most once a minute, so reads stay reads', async () => {
    const staff = await s.addUser('staff');
    const lastSeen = async () =>
      (await s.database.db.selectFrom('sessions').select('lastSeenAt').where('userId', '=', staff.id).executeTakeFirstOrThrow()).lastSeenAt;
    const first = await lastSeen();
    const start = Date.now();
    clockAt(start, 30_000);
    await me(staff.token);
    expect(await lastSeen()).toBe(first);
    clockAt(start, 61_000);
    await me(staff.token);
    expect(await lastSeen()).toBe(new Date(start + 61_000).toISOString());
  });

  it('a password change ends every other session; a reset ends all of them', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'sam@example.com');
    const browser = await signIn(s, 'sam@example.com');
    const wrong = await inject(s.app, 'POST', '/api/auth/change-password', bearer(browser.body.token), {
      currentPassword: 'Nope1234',
      newPassword: 'NewPassw0rd',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    const change = await inject(s.app, 'POST', '/api/auth/change-password', bearer(browser.body.token), {
      currentPassword: 'Passw0rd!',
      newPassword: 'NewPassw0rd',
    });
    expect(change.statusCode).toBe(200);
    expect((await me(browser.body.token)).statusCode).toBe(200);
    expect((await me(staff.token)).statusCode).toBe(401);
    expect((await signIn(s, 'sam@example.com', 'NewPassw0rd')).status).toBe(200);

    await inject(s.app, 'POST', `/api/admin/users/${staff.id}/send-reset-link`, admin.auth);
    const { latestOutboxMail } = await import('../../testing/outbox');
    const { token } = latestOutboxMail(s.dataDir);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Another1pass' } })).statusCode,
    ).toBe(200);
    expect((await me(browser.body.token)).statusCode).toBe(401);
    expect(await s.database.db.selectFrom('sessions').select('id').where('userId', '=', staff.id).execute()).toEqual([]);
    expect(await accessKinds(s, staff.id)).toEqual(['sign-in', 'password-changed', 'sign-in', 'reset-link-sent', 'reset-link-used']);
  });

  it("a role change ends the user's sessions, so the new role holds from the next request", async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    await inject(s.app, 'PATCH', `/api/admin/users/${staff.id}/role`, admin.auth, { role: 'admin' });
    expect((await me(staff.token)).statusCode).toBe(401);
    expect(await accessKinds(s, staff.id)).toEqual(['role-changed']);
  });
});
