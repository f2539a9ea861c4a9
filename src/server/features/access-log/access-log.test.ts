import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../testing/accounts';
import { inject } from '../../testing/rest';
import { createTestServer, type TestServer } from '../../testing/test-server';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

interface Page {
  entries: {
    id: number;
    at: string;
    kind: string;
    userId: number | null;
    email: string | null;
    ip: string | null;
    userAgent: string | null;
    detail: string | null;
  }[];
  totalCount: number;
}

describe('GET /api/admin/access-log', () => {
  it('lists entries newest first with their fields, filtered by user, kind and dates, paged', async () => {
    const admin = await s.addUser('admin', 'ada@example.com');
    const staff = await s.addUser('staff', 'sam@example.com');
    await signIn(s, 'nobody@example.com', 'Wrong1234', '10.0.0.9', 'Curl/8');
    const ok = await signIn(s, 'sam@example.com', undefined, '10.0.0.7', 'Firefox');
    await inject(s.app, 'POST', '/api/auth/logout', bearer(ok.body.token));

    const all = await inject(s.app, 'GET', '/api/admin/access-log', admin.auth);
    expect(all.statusCode).toBe(200);
    const page = all.json<Page>();
    expect(page.totalCount).toBe(3);
    expect(page.entries.map(({ kind, userId, email, ip, userAgent, detail }) => ({ kind, userId, email, ip, userAgent, detail }))).toEqual([
      { kind: 'sign-out', userId: staff.id, email: 'sam@example.com', ip: '127.0.0.1', userAgent: 'lightMyRequest', detail: null },
      { kind: 'sign-in', userId: staff.id, email: 'sam@example.com', ip: '10.0.0.7', userAgent: 'Firefox', detail: 'Password' },
      {
        kind: 'sign-in-failed',
        userId: null,
        email: 'nobody@example.com',
        ip: '10.0.0.9',
        userAgent: 'Curl/8',
        detail: 'Wrong email or password',
      },
    ]);
    const byUser = (await inject(s.app, 'GET', `/api/admin/access-log?userId=${staff.id}&kind=sign-in`, admin.auth)).json<Page>();
    expect(byUser.entries.map((e) => e.kind)).toEqual(['sign-in']);
    const paged = (await inject(s.app, 'GET', '/api/admin/access-log?limit=1&offset=1', admin.auth)).json<Page>();
    expect(paged).toMatchObject({ totalCount: 3, entries: [{ kind: 'sign-in' }] });
    const past = (await inject(s.app, 'GET', '/api/admin/access-log?endDate=2020-01-01', admin.auth)).json<Page>();
    expect(past).toEqual({ entries: [], totalCount: 0 });
  });

  it('exports the filtered entries as CSV (admins only)', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    await signIn(s, 'nobody@example.com', 'Wrong1234', '10.0.0.9', 'Curl/8');
    const csv = await s.app.inject({ url: '/api/exports/access-log.csv?kind=sign-in-failed', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="access_log_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('When,Event,Email,User Id,Address,Browser,Detail');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^[^,]+,Sign-in failed,nobody@example.com,,10.0.0.9,Curl\/8,Wrong email or password$/);
    expect((await s.app.inject({ url: '/api/exports/access-log.csv', headers: staff.auth })).statusCode).toBe(403);
  });

  it('refuses bad filters naming the field, staff (403) and the signed out (401)', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const bad = await inject(s.app, 'GET', '/api/admin/access-log?kind=party&limit=5000', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['kind', 'limit']);
    expect((await inject(s.app, 'GET', '/api/admin/access-log', staff.auth)).statusCode).toBe(403);
    expect((await s.app.inject({ url: '/api/admin/access-log' })).statusCode).toBe(401);
  });

  it('cannot be changed or deleted, by any path, before an entry is 400 days old', async () => {
    await signIn(s, 'nobody@example.com', 'Wrong1234');
    await expect(sql`update "accessLog" set kind = 'sign-in'`.execute(s.database.db)).rejects.toThrow('The access log cannot be changed');
    await expect(sql`delete from "accessLog"`.execute(s.database.db)).rejects.toThrow('Access log entries are kept for 400 days');
    const old = new Date(Date.now() - 401 * 86_400_000).toISOString();
    await s.database.db
      .insertInto('accessLog')
      .values({ at: old, kind: 'sign-in', userId: null, email: 'x@example.com', ip: null, userAgent: null, detail: null })
      .execute();
    await sql`delete from "accessLog" where at < ${new Date(Date.now() - 400 * 86_400_000).toISOString()}`.execute(s.database.db);
    expect((await s.database.db.selectFrom('accessLog').select('kind').execute()).map((r) => r.kind)).toEqual(['sign-in-failed']);
  });

  it('logs reset links sent and used, and an API token created, first used and revoked', async () => {
    const admin = await s.addUser('admin', 'ada@example.com');
    const staff = await s.addUser('staff', 'sam@example.com');
    await inject(s.app, 'POST', `/api/admin/users/${staff.id}/send-reset-link`, admin.auth);
    const created = (
      await inject(s.app, 'POST', '/api/auth/api-tokens', staff.auth, { name: 'Feed', scope: 'read', expiresInDays: 7 })
    ).json<{
      id: number;
      token: string;
      prefix: string;
    }>();
    await s.app.inject({ url: '/api/customers', headers: bearer(created.token) });
    await s.app.inject({ url: '/api/customers', headers: bearer(created.token) });
    await inject(s.app, 'DELETE', `/api/auth/api-tokens/${created.id}`, staff.auth);
    const log = (await inject(s.app, 'GET', `/api/admin/access-log?userId=${staff.id}`, admin.auth)).json<Page>();
    expect(log.entries.map((e) => [e.kind, e.detail]).reverse()).toEqual([
      ['reset-link-sent', 'by ada@example.com'],
      ['api-token-created', `Feed (${created.prefix}…, read)`],
      ['api-token-first-used', `Feed (${created.prefix}…)`],
      ['api-token-revoked', `Feed (${created.prefix}…)`],
    ]);
  });
});
