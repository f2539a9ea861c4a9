import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestOutboxMail } from '../../testing/outbox';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/test-server';
import { MAX_WAITING, passwordWork } from './passwords';

// Security review findings: the throttle lost a race, reset was an argon2 pump, and anyone could lock
// the admin out. Against the real server through app.inject.
let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

const login = (email: string, password: string, ip: string) =>
  s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const reset = (token: string, ip: string, password = 'NewPassw0rd') =>
  s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password }, remoteAddress: ip });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

describe('a burst of guesses cannot pass the throttle together (finding 1)', () => {
  it('one tRPC batch of 9 wrong passwords plus the right one: 4 checked, the rest (the right one too) refused', async () => {
    await s.addUser('admin', 'boss@example.com');
    const before = passwordWork.started;
    const calls = [...Array.from({ length: 9 }, (_, i) => `Wrong${i}Pass`), TEST_PASSWORD];
    const batch = await s.app.inject({
      method: 'POST',
      url: `/trpc/${calls.map(() => 'auth.login').join(',')}?batch=1`,
      remoteAddress: '10.6.6.6',
      payload: Object.fromEntries(calls.map((password, i) => [i, { email: 'boss@example.com', password }])),
    });
    const codes = batch.json<{ error?: { data: { httpStatus: number } } }[]>().map((r) => r.error?.data.httpStatus ?? 200);
    expect(codes).toEqual([401, 401, 401, 401, ...Array<number>(6).fill(429)]);
    expect(passwordWork.started - before).toBe(4);
  });

  it('60 parallel REST logins (59 wrong, then the right one) get no token; the account-and-address limit holds at 10', async () => {
    await s.addUser('admin', 'boss@example.com');
    const first = statuses(
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => login('boss@example.com', i === 59 ? TEST_PASSWORD : `Wrong${i}Pass`, '10.6.6.6')),
      ),
    );
    expect(first).not.toContain(200);
    expect(tally(first)).toEqual({ 401: 4, 429: 56 });
    const later: number[] = [];
    for (let i = 0; i < 10; i++) later.push((await login('boss@example.com', `Again${i}Pass`, '10.6.6.6')).statusCode);
    expect(later).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
    const blocked = await login('boss@example.com', TEST_PASSWORD, '10.6.6.6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
  });

  it('bounds the password queue: a flood from many addresses gets 503 past it, then sign-in works again', async () => {
    await s.addUser('admin', 'boss@example.com');
    const flood = statuses(
      await Promise.all(Array.from({ length: 60 }, (_, i) => login(`nobody${i}@example.com`, 'Wrong1234', `10.7.${i}.1`))),
    );
    const counts = tally(flood);
    expect(counts[503]).toBeGreaterThanOrEqual(60 - 2 - MAX_WAITING - 2);
    expect(counts[401] + counts[503]).toBe(60);
    const busy = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`x${i}@example.com`, 'Wrong1234', `10.8.${i}.1`)));
    expect(busy.find((r) => r.statusCode === 503)?.json()).toEqual({
      message: 'The server is busy checking passwords. Try again in a moment.',
    });
    expect((await login('boss@example.com', TEST_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
  });
});

describe('guessing cannot lock the admin out (finding 8)', () => {
  it('30 wrong passwords from one address block that address only; the admin signs in from hers', async () => {
    await s.addUser('admin', 'boss@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await login('boss@example.com', `Wrong${i}Pass`, '10.6.6.6')).statusCode);
    expect(tally(codes)).toEqual({ 401: 10, 429: 20 });
    expect((await login('boss@example.com', TEST_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
  });

  it('guesses from many addresses close the account to new addresses, not to one the admin signed in from', async () => {
    await s.addUser('admin', 'boss@example.com');
    expect((await login('boss@example.com', TEST_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) expect((await login('boss@example.com', `Wrong${i}Pass`, `10.6.${a}.1`)).statusCode).toBe(401);
    }
    expect((await login('boss@example.com', TEST_PASSWORD, '10.6.9.9')).statusCode).toBe(429);
    expect((await login('boss@example.com', TEST_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
  });
});

describe('a flood of guesses does not keep the admin out (findings 1 and 8, decision 011)', () => {
  it('her sign-in from an address she used goes to the front of the password queue and is never refused as busy', async () => {
    await s.addUser('admin', 'boss@example.com');
    expect((await login('boss@example.com', TEST_PASSWORD, '10.0.0.5')).statusCode).toBe(200);
    const answered: { name: string; status: number }[] = [];
    const track = (name: string, response: Promise<{ statusCode: number }>) =>
      response.then((r) => {
        answered.push({ name, status: r.statusCode });
        return r.statusCode;
      });
    const flood = Array.from({ length: 60 }, (_, i) => track(`guess ${i}`, login('boss@example.com', `Wrong${i}Pass`, `10.7.${i}.1`)));
    // Let the guesses queue up first.
    await new Promise((r) => setTimeout(r, 50));
    const admin = await track('admin', login('boss@example.com', TEST_PASSWORD, '10.0.0.5'));
    const guesses = tally(await Promise.all(flood));
    expect(admin).toBe(200);
    expect(guesses[503]).toBeGreaterThan(0);
    // Of the guesses whose passwords were checked (401), only those already running when she arrived and
    // those checked beside hers may finish before her, not the 32 waiting (34 without the priority).
    const checkedBefore = answered
      .slice(
        0,
        answered.findIndex((a) => a.name === 'admin'),
      )
      .filter((a) => a.status === 401);
    expect(checkedBefore.length).toBeLessThanOrEqual(8);
    expect(guesses[401]).toBeGreaterThan(20);
  });
});

describe('password reset checks the link before any hashing, and is throttled (finding 4)', () => {
  it('bogus reset links cost no password hashing, and the 21st from one address is 429', async () => {
    const before = passwordWork.started;
    const batch = await s.app.inject({
      method: 'POST',
      url: `/trpc/${Array(4).fill('auth.resetPassword').join(',')}?batch=1`,
      remoteAddress: '10.6.6.6',
      payload: Object.fromEntries(Array.from({ length: 4 }, (_, i) => [i, { token: `bogus-${i}`, password: 'NewPassw0rd' }])),
    });
    expect(batch.json<{ error: { data: { httpStatus: number } } }[]>().map((r) => r.error.data.httpStatus)).toEqual([400, 400, 400, 400]);
    const codes: number[] = [];
    for (let i = 4; i < 22; i++) codes.push((await reset(`bogus-${i}`, '10.6.6.6')).statusCode);
    expect(codes).toEqual([...Array<number>(16).fill(400), 429, 429]);
    expect((await reset('bogus', '10.6.6.6')).json()).toEqual({ message: 'Too many invalid reset links. Try again in 15 minutes.' });
    expect(passwordWork.started - before).toBe(0);
  });

  it('a valid link used four times at once hashes once and resets once', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'sam@example.com');
    await s.app.inject({ method: 'POST', url: `/api/admin/users/${staff.id}/send-reset-link`, headers: admin.auth });
    const { token } = latestOutboxMail(s.dataDir);
    const before = passwordWork.started;
    const codes = statuses(await Promise.all([1, 2, 3, 4].map((i) => reset(token, `10.1.${i}.1`, `NewPassw0rd${i}`))));
    expect(codes.sort()).toEqual([200, 400, 400, 400]);
    expect(passwordWork.started - before).toBe(1);
  });
});
