import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestOutboxMail } from '../../testing/outbox';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server';
import { expectFieldErrors, inject } from '../../testing/rest';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('returns a token that identifies the user on GET /api/auth/user', async () => {
    const admin = await s.addUser('admin', 'Boss@Example.com');
    const res = await login('boss@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.split('.')).toHaveLength(3);
    const me = await s.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: admin.id, email: 'Boss@Example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    await s.addUser('staff', 'sam@example.com');
    const res = await login('sam@example.com', 'Wrong1234');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('names each bad field with the messages of spec section 5', async () => {
    const res = await login('not-an-email', '');
    expectFieldErrors(res, [
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'password', message: 'Password is required' },
    ]);
  });
  // Throttling: sign-in-throttle.test.ts.
});

describe('GET /api/auth/user', () => {
  it('is 401 without a token, with a garbage token, and after a role change', async () => {
    expect((await s.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    const bad = await s.app.inject({ url: '/api/auth/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Unauthorized' });

    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const change = await inject(s.app, 'PATCH', `/api/admin/users/${staff.id}/role`, admin.auth, { role: 'admin' });
    expect(change.statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/auth/user', headers: staff.auth })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function sendLink(targetId: number, adminAuth: { authorization: string }) {
    const res = await s.app.inject({ method: 'POST', url: `/api/admin/users/${targetId}/send-reset-link`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const { token, text } = latestOutboxMail(s.dataDir);
    return { token, mail: text };
  }

  it('resets once with the mailed token, ends older sessions, and stores only a hash', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'reset.me@example.com');
    const { token, mail } = await sendLink(staff.id, admin.auth);
    expect(mail).toContain('To: reset.me@example.com');
    expect(mail).toContain('Subject: Reset your password');

    const stored = await s.database.db.selectFrom('passwordResetTokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const reset = (password: string) => s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
    const weak = await reset('short');
    expectFieldErrors(weak, [{ path: 'password', message: 'Password must be at least 8 characters long' }]);

    const ok = await reset('NewPassw0rd');
    expect(ok.statusCode).toBe(200);
    expect((await reset('OtherPassw0rd')).statusCode).toBe(400);

    expect((await s.app.inject({ url: '/api/auth/user', headers: staff.auth })).statusCode).toBe(401);
    expect((await login('reset.me@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('reset.me@example.com', 'NewPassw0rd')).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const { token } = await sendLink(staff.id, admin.auth);
    await s.database.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'NewPassw0rd' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link is invalid or has expired. Please request a new password reset.');
  });

  it('checks the password rules in the spec order', async () => {
    const cases: [string, string][] = [
      ['abc', 'Password must be at least 8 characters long'],
      ['ABCDEFGH1', 'Password must contain at least one lowercase letter'],
      ['abcdefgh1', 'Password must contain at least one uppercase letter'],
      ['Abcdefghi', 'Password must contain at least one number'],
    ];
    for (const [password, message] of cases) {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'x', password } });
      expect(res.json().errors).toEqual([{ path: 'password', message }]);
    }
  });
});
