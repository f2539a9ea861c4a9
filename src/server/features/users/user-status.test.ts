import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessKinds, bearer, signIn } from '../../testing/accounts';
import { inject } from '../../testing/rest';
import { createTestServer, type TestServer } from '../../testing/test-server';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

const setStatus = (id: number, auth: Record<string, string>, isActive: unknown) =>
  inject(s.app, 'PATCH', `/api/admin/users/${id}/status`, auth, { isActive });

describe('PATCH /api/admin/users/{id}/status', () => {
  it('deactivates: the open session is refused at its next request, sign-in says disabled only to the right password', async () => {
    const admin = await s.addUser('admin', 'ada@example.com');
    const staff = await s.addUser('staff', 'sam@example.com');
    const browser = await signIn(s, 'sam@example.com');
    expect((await s.app.inject({ url: '/api/auth/user', headers: bearer(browser.body.token) })).statusCode).toBe(200);

    const res = await setStatus(staff.id, admin.auth, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: staff.id,
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Staff',
      role: 'staff',
      isActive: false,
      twoFactorEnabled: false,
    });

    expect((await s.app.inject({ url: '/api/auth/user', headers: bearer(browser.body.token) })).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/api/customers', headers: staff.auth })).statusCode).toBe(401);
    expect(await s.database.db.selectFrom('sessions').select('id').where('userId', '=', staff.id).execute()).toEqual([]);

    expect(await signIn(s, 'sam@example.com', 'Wrong1234')).toEqual({ status: 401, body: { message: 'Invalid email or password' } });
    expect(await signIn(s, 'sam@example.com')).toEqual({
      status: 403,
      body: { message: 'This account is disabled. Ask an admin to reactivate it.' },
    });

    const list = await inject(s.app, 'GET', '/api/admin/users', admin.auth);
    expect(list.json<{ id: number; isActive: boolean }[]>().map((u) => [u.id, u.isActive])).toEqual([
      [admin.id, true],
      [staff.id, false],
    ]);
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after', 'userEmail'])
      .where('action', '=', 'deactivate')
      .execute();
    expect(audit).toEqual([
      { action: 'deactivate', before: '{"isActive":true}', after: '{"isActive":false}', userEmail: 'ada@example.com' },
    ]);
    const log = await s.database.db
      .selectFrom('accessLog')
      .select(['kind', 'email', 'detail'])
      .where('userId', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { kind: 'sign-in', email: 'sam@example.com', detail: 'Password' },
      { kind: 'user-deactivated', email: 'sam@example.com', detail: 'by ada@example.com; 2 sessions ended' },
      { kind: 'sign-in-failed', email: 'sam@example.com', detail: 'Wrong email or password' },
      { kind: 'sign-in-failed', email: 'sam@example.com', detail: 'Account deactivated' },
    ]);
  });

  it('reactivates: the user signs in again, and is logged as reactivated', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'sam@example.com');
    await setStatus(staff.id, admin.auth, false);
    const res = await setStatus(staff.id, admin.auth, true);
    expect(res.json()).toMatchObject({ id: staff.id, isActive: true });
    expect((await signIn(s, 'sam@example.com')).status).toBe(200);
    expect(await accessKinds(s, staff.id)).toEqual(['user-deactivated', 'user-reactivated', 'sign-in']);
  });

  it('refuses deactivating oneself and the last active admin (409), and a reset link for a deactivated user (409)', async () => {
    const admin = await s.addUser('admin');
    const other = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const self = await setStatus(admin.id, admin.auth, false);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot deactivate your own account' });
    const last = await setStatus(other.id, admin.auth, false);
    expect(last.statusCode).toBe(200);
    // Now `admin` is the only active admin: `other` is deactivated and cannot act, so no one may remove them.
    await setStatus(staff.id, admin.auth, false);
    const link = await inject(s.app, 'POST', `/api/admin/users/${staff.id}/send-reset-link`, admin.auth);
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({ message: 'This user is deactivated: reactivate them before sending a reset link' });
  });

  it('keeps at least one active admin: the only active admin is refused with 409', async () => {
    const admin = await s.addUser('admin');
    const inactive = await s.addUser('admin');
    await setStatus(inactive.id, admin.auth, false);
    // A deactivated admin cannot act, so no one but `admin` could try; the rule is checked in the repository too.
    const { setUserActive } = await import('./users.repository');
    await expect(
      setUserActive(s.database.db, admin.id, false, { id: inactive.id, email: 'x@example.com' }, { ip: null, userAgent: null }),
    ).rejects.toThrow('At least one active admin must remain');
  });

  it('names the bad field, and is for admins signed in with a session only', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const bad = await setStatus(staff.id, admin.auth, 'no');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'isActive', message: 'isActive must be true or false' }]);
    const asStaff = await setStatus(admin.id, staff.auth, false);
    expect(asStaff.statusCode).toBe(403);
    expect((await setStatus(999, admin.auth, false)).statusCode).toBe(404);
  });

  it('keeps the name of a deactivated user on what they recorded', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'sam@example.com');
    const created = await inject(s.app, 'POST', '/api/customers', staff.auth, { name: 'Alice' });
    expect(created.statusCode).toBe(201);
    await setStatus(staff.id, admin.auth, false);
    const audit = await inject(s.app, 'GET', '/api/audit?entity=customer', admin.auth);
    expect(audit.json<{ entries: { user: { email: string } }[] }>().entries[0].user).toEqual({ id: staff.id, email: 'sam@example.com' });
  });
});
