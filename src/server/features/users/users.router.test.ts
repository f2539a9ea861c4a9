import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { expectFieldErrors, inject } from '../../testing/rest';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

describe('admin user management over REST', () => {
  it('lists users for admins with the spec fields, their status and second step', async () => {
    const admin = await s.addUser('admin', 'ada@example.com');
    await s.addUser('staff', 'sam@example.com');
    const res = await s.app.inject({ url: '/api/admin/users', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: admin.id,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'admin',
        isActive: true,
        twoFactorEnabled: false,
      },
      {
        id: admin.id + 1,
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Staff',
        role: 'staff',
        isActive: true,
        twoFactorEnabled: false,
      },
    ]);
  });

  it('creates a user who defaults to staff and can sign in', async () => {
    const admin = await s.addUser('admin');
    const res = await inject(s.app, 'POST', '/api/admin/users', admin.auth, { email: 'new.person@example.com', password: 'Welcome123' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.person@example.com', firstName: null, lastName: null, role: 'staff' });
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.person@example.com', password: 'Welcome123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a duplicate email in any letter case with 409 and writes nothing', async () => {
    const admin = await s.addUser('admin', 'taken@example.com');
    const res = await inject(s.app, 'POST', '/api/admin/users', admin.auth, {
      email: 'TAKEN@example.com',
      password: 'Welcome123',
      role: 'admin',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A user with this email already exists' });
    expect(await s.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('names every bad field of a create', async () => {
    const admin = await s.addUser('admin');
    const res = await inject(s.app, 'POST', '/api/admin/users', admin.auth, {
      email: 'nope',
      password: 'lowercase1',
      role: 'owner',
      extra: 1,
    });
    expectFieldErrors(res, [
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'password', message: 'Password must contain at least one uppercase letter' },
      { path: 'role', message: 'Role must be admin or staff' },
      { path: 'extra', message: 'Unknown field' },
    ]);
  });

  it('changes a role and 404s an unknown user', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const res = await inject(s.app, 'PATCH', `/api/admin/users/${staff.id}/role`, admin.auth, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: staff.id, role: 'admin' });
    const missing = await inject(s.app, 'PATCH', '/api/admin/users/9999/role', admin.auth, { role: 'staff' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
  });

  it('refuses to make the last admin staff, and keeps tokens when the role does not change', async () => {
    const admin = await s.addUser('admin');
    const demote = await inject(s.app, 'PATCH', `/api/admin/users/${admin.id}/role`, admin.auth, { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'At least one admin must remain' });
    const same = await inject(s.app, 'PATCH', `/api/admin/users/${admin.id}/role`, admin.auth, { role: 'admin' });
    expect(same.statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/auth/user', headers: admin.auth })).statusCode).toBe(200);
  });

  it('says where a reset link went: without SMTP_URL, the outbox file, never "sent to the user\'s email"', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff', 'sam@example.com');
    const res = await s.app.inject({ method: 'POST', url: `/api/admin/users/${staff.id}/send-reset-link`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sentTo).toBe('outbox');
    expect(body.message).toMatch(
      new RegExp(
        `^No mail server is set up \\(SMTP_URL\\), so nothing was mailed: the reset link for sam@example.com was written to the server's outbox folder \\(outbox/[^ ]+-user-${staff.id}\\.eml in the data folder\\) and to its log\\. Hand it to them yourself\\.$`,
      ),
    );
  });

  it('gives staff 403 and the signed-out 401 on every admin route', async () => {
    const staff = await s.addUser('staff');
    const routes = [
      { method: 'GET', url: '/api/admin/users' },
      { method: 'POST', url: '/api/admin/users', payload: { email: 'x@example.com', password: 'Welcome123' } },
      { method: 'PATCH', url: `/api/admin/users/${staff.id}/role`, payload: { role: 'admin' } },
      { method: 'POST', url: `/api/admin/users/${staff.id}/send-reset-link` },
    ] as const;
    for (const route of routes) {
      const asStaff = await s.app.inject({ ...route, headers: staff.auth });
      expect(asStaff.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asStaff.json()).toEqual({ message: 'Admins only' });
      expect((await s.app.inject(route)).statusCode).toBe(401);
    }
    const me = await s.database.db.selectFrom('users').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(me.role).toBe('staff');
  });
});

describe('the same procedures through a tRPC caller', () => {
  it('creates and lists users as an admin, and refuses staff', async () => {
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const created = await s.caller(admin).users.create({ email: 'via.trpc@example.com', password: 'Welcome123', firstName: 'Via' });
    expect(created).toMatchObject({ email: 'via.trpc@example.com', firstName: 'Via', role: 'staff' });
    expect((await s.caller(admin).users.list()).map((u) => u.email)).toContain('via.trpc@example.com');
    await expect(s.caller(staff).users.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(s.caller(null).users.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
