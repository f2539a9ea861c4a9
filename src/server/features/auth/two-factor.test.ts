import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessKinds, bearer, enableTwoFactor, signIn, totpCode } from '../../testing/accounts';
import { inject } from '../../testing/rest';
import { createTestServer, type TestServer } from '../../testing/test-server';

let s: TestServer;
afterEach(async () => {
  vi.useRealTimers();
  await s.stop();
});

const second = (payload: object, ip = '10.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload, remoteAddress: ip });
const me = (token: unknown) => s.app.inject({ url: '/api/auth/user', headers: bearer(token) });

describe('two-step sign-in (TOTP)', () => {
  it('turns on only with a valid code for the secret, answers 10 recovery codes kept as hashes', async () => {
    s = await createTestServer();
    const staff = await s.addUser('staff', 'sam@example.com');
    const setup = await inject(s.app, 'POST', '/api/auth/two-factor/setup', staff.auth);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Coin%20Ledger:sam%40example.com?issuer=Coin%20Ledger&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const wrongCode = totpCode(secret, Date.now() - 5 * 60_000);
    const bad = await inject(s.app, 'POST', '/api/auth/two-factor/enable', staff.auth, { code: wrongCode });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'code', message: 'That code is not valid. Try the newest code from your app.' }]);
    expect((await signIn(s, 'sam@example.com')).body).toHaveProperty('token');

    const ok = await inject(s.app, 'POST', '/api/auth/two-factor/enable', staff.auth, { code: totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const stored = await s.database.db.selectFrom('recoveryCodes').select('codeHash').execute();
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.some((c) => codeHash.includes(c.replace(/-/g, '')))).toBe(false);
    }
    expect((await inject(s.app, 'GET', '/api/auth/two-factor', staff.auth)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
  });

  it('asks for a code after the password; the code signs in once, a replay is refused', async () => {
    s = await createTestServer();
    const staff = await s.addUser('staff', 'sam@example.com');
    const { secret } = await enableTwoFactor(s, staff.auth);
    // The code used to turn it on is spent: sign in at the next step.
    const next = Date.now() + 30_000;
    vi.useFakeTimers({ toFake: ['Date'], now: next });
    const first = await signIn(s, 'sam@example.com');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['challengeToken', 'twoFactorRequired']);
    expect(first.body.twoFactorRequired).toBe(true);
    const code = totpCode(secret);
    const ok = await second({ challengeToken: first.body.challengeToken, code });
    expect(ok.statusCode).toBe(200);
    const { token } = ok.json<{ token: string }>();
    expect((await me(token)).json()).toMatchObject({ email: 'sam@example.com' });
    // The challenge is spent, and the same code on a new challenge is refused.
    expect((await second({ challengeToken: first.body.challengeToken, code })).statusCode).toBe(401);
    const again = await signIn(s, 'sam@example.com');
    const replay = await second({ challengeToken: again.body.challengeToken, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'That code is not valid. Try the newest code from your app.' });
    expect(await accessKinds(s, staff.id)).toEqual(['two-factor-enabled', 'sign-in', 'two-factor-failed']);
  });

  it('a recovery code works once', async () => {
    s = await createTestServer();
    const staff = await s.addUser('staff', 'sam@example.com');
    const { recoveryCodes } = await enableTwoFactor(s, staff.auth);
    const a = await signIn(s, 'sam@example.com');
    const ok = await second({ challengeToken: a.body.challengeToken, recoveryCode: recoveryCodes[3].toLowerCase() });
    expect(ok.statusCode).toBe(200);
    const b = await signIn(s, 'sam@example.com');
    const reused = await second({ challengeToken: b.body.challengeToken, recoveryCode: recoveryCodes[3] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'That recovery code is not valid.' });
    const log = await s.database.db
      .selectFrom('accessLog')
      .select(['kind', 'detail'])
      .where('userId', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { kind: 'two-factor-enabled', detail: null },
      { kind: 'recovery-code-used', detail: '9 left' },
      { kind: 'sign-in', detail: 'Password and recovery code' },
      { kind: 'two-factor-failed', detail: 'Wrong recovery code' },
    ]);
  });

  it('the fifth wrong code kills the challenge; a challenge lives 5 minutes', async () => {
    s = await createTestServer();
    const staff = await s.addUser('staff', 'sam@example.com');
    const { secret } = await enableTwoFactor(s, staff.auth);
    const a = await signIn(s, 'sam@example.com');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await second({ challengeToken: a.body.challengeToken, code: '000000' })).json().message);
    expect(answers).toEqual([
      ...Array<string>(4).fill('That code is not valid. Try the newest code from your app.'),
      'Too many wrong codes. Sign in again.',
    ]);
    const dead = await second({ challengeToken: a.body.challengeToken, code: totpCode(secret, Date.now() + 30_000) });
    expect(dead.json()).toEqual({ message: 'This sign-in has expired. Sign in again.' });

    const b = await signIn(s, 'sam@example.com');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const late = await second({ challengeToken: b.body.challengeToken, code: totpCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'This sign-in has expired. Sign in again.' });
  });

  it('wrong codes count in the sign-in throttle as wrong passwords do', async () => {
    s = await createTestServer();
    const staff = await s.addUser('staff', 'sam@example.com');
    await enableTwoFactor(s, staff.auth);
    const codes: number[] = [];
    for (let round = 0; round < 3; round++) {
      const c = await signIn(s, 'sam@example.com', undefined, '10.6.6.6');
      for (let i = 0; i < 4; i++)
        codes.push((await second({ challengeToken: c.body.challengeToken, code: '000000' }, '10.6.6.6')).statusCode);
    }
    // Ten failures per account and address: the 11th and 12th wrong codes are refused unchecked.
    expect(codes).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('turns off with password and code (or a recovery code), audited', async () => {
    s = await createTestServer();
    const staff = await s.addUser('staff', 'sam@example.com');
    const { recoveryCodes } = await enableTwoFactor(s, staff.auth);
    const noPassword = await inject(s.app, 'POST', '/api/auth/two-factor/disable', staff.auth, {
      password: 'Wrong1234',
      code: recoveryCodes[0],
    });
    expect(noPassword.json().errors).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const off = await inject(s.app, 'POST', '/api/auth/two-factor/disable', staff.auth, { password: 'Passw0rd!', code: recoveryCodes[0] });
    expect(off.statusCode).toBe(200);
    expect((await signIn(s, 'sam@example.com')).body).toHaveProperty('token');
    expect(await s.database.db.selectFrom('recoveryCodes').select('id').execute()).toEqual([]);
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'user')
      .where('entityId', '=', staff.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'two-factor-on', 'two-factor-off']);
  });

  it('REQUIRE_TWO_FACTOR=admins takes an admin without a second step through setup; nothing else is allowed until it is on', async () => {
    s = await createTestServer({ requireTwoFactor: 'admins' });
    const admin = await s.addUser('admin', 'ada@example.com');
    await s.addUser('staff', 'sam@example.com');
    expect(Object.keys((await signIn(s, 'sam@example.com')).body)).toEqual(['token']);
    const a = await signIn(s, 'ada@example.com');
    expect(a.body).toEqual({ token: expect.any(String), twoFactorSetupRequired: true });
    const auth = bearer(a.body.token);
    for (const url of ['/api/auth/user', '/api/customers', '/api/admin/users', '/api/auth/sessions']) {
      const res = await s.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: 'Turn on two-step sign-in to continue' });
    }
    const { secret } = await enableTwoFactor(s, auth);
    expect((await me(a.body.token)).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/customers', headers: auth })).statusCode).toBe(200);
    // Now required: turning it off oneself is refused; an admin can turn it off for another (a lost phone).
    const self = await inject(s.app, 'POST', '/api/auth/two-factor/disable', auth, {
      password: 'Passw0rd!',
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(self.statusCode).toBe(409);
    const other = await s.addUser('admin', 'boss@example.com');
    const lost = await inject(s.app, 'DELETE', `/api/admin/users/${admin.id}/two-factor`, other.auth);
    expect(lost.statusCode).toBe(200);
    expect((await me(a.body.token)).statusCode).toBe(401);
    expect((await signIn(s, 'ada@example.com')).body).toEqual({ token: expect.any(String), twoFactorSetupRequired: true });
    const log = await s.database.db
      .selectFrom('accessLog')
      .select(['kind', 'detail'])
      .where('userId', '=', admin.id)
      .where('kind', '=', 'two-factor-disabled')
      .execute();
    expect(log).toEqual([{ kind: 'two-factor-disabled', detail: 'by boss@example.com; 2 sessions ended' }]);
  });

  it('a password reset leaves the second step on', async () => {
    s = await createTestServer();
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'sam@example.com');
    await enableTwoFactor(s, staff.auth);
    await inject(s.app, 'POST', `/api/admin/users/${staff.id}/send-reset-link`, admin.auth);
    const { latestOutboxMail } = await import('../../testing/outbox');
    const { token } = latestOutboxMail(s.dataDir);
    await s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'NewPassw0rd' } });
    expect((await signIn(s, 'sam@example.com', 'NewPassw0rd')).body.twoFactorRequired).toBe(true);
  });
});
