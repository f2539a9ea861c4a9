import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc, START_PAGE_READS } from '../testing/msw';
import { ADMIN, renderApp, STAFF } from '../testing/render';
import type { UserListRow } from '../lib/api-types';

const active = { isActive: true, twoFactorEnabled: false };
const USERS: UserListRow[] = [
  { ...ADMIN, ...active },
  { ...STAFF, ...active },
  { id: 3, email: 'zoe@example.com', firstName: 'Zoe', lastName: 'Young', role: 'staff', ...active },
];

const namesInTable = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('Users page', () => {
  it('lists, counts, searches and sorts users', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'users.list': () => USERS });
    renderApp('/admin/users');
    expect(await screen.findByText('zoe@example.com')).toBeTruthy();
    expect(screen.getByTestId('user-count').textContent).toBe('3 users');
    expect(namesInTable()).toEqual(['Ada Admin', 'Sam Staff', 'Zoe Young']);

    fireEvent.click(screen.getByRole('button', { name: 'Sorted A-Z' }));
    expect(namesInTable()).toEqual(['Zoe Young', 'Sam Staff', 'Ada Admin']);

    fireEvent.click(screen.getByRole('button', { name: /^Role/ }));
    expect(namesInTable()).toEqual(['Ada Admin', 'Sam Staff', 'Zoe Young']);

    fireEvent.change(screen.getByPlaceholderText('Search users by name, email, or role...'), { target: { value: 'staff' } });
    expect(namesInTable()).toEqual(['Sam Staff', 'Zoe Young']);
    expect(screen.getByTestId('user-count').textContent).toBe('2 of 3 users');

    fireEvent.change(screen.getByPlaceholderText('Search users by name, email, or role...'), { target: { value: 'nobody' } });
    expect(screen.getByText('No users found matching your search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(namesInTable()).toHaveLength(3);
  });

  it('asks before sending a reset link, then says where it went: the spec toast when mailed', async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'users.list': () => USERS,
      'users.sendResetLink': () => ({ sentTo: 'email', message: "Password reset link has been sent to the user's email" }),
    });
    renderApp('/admin/users');
    await screen.findByText('zoe@example.com');
    fireEvent.click(screen.getAllByRole('button', { name: 'Send Reset Link' })[2]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('zoe@example.com')).toBeTruthy();
    expect(calls.some((c) => c.path === 'users.sendResetLink')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText("Password reset link has been sent to the user's email")).toBeTruthy();
    expect(calls.find((c) => c.path === 'users.sendResetLink')?.input).toEqual({ id: 3 });
  });

  it('says so when the server wrote the link to its outbox instead of mailing it', async () => {
    const outbox =
      "No mail server is set up (SMTP_URL), so nothing was mailed: the reset link for zoe@example.com was written to the server's outbox folder (outbox/x-user-3.eml in the data folder) and to its log. Hand it to them yourself.";
    mockTrpc({ 'auth.user': () => ADMIN, 'users.list': () => USERS, 'users.sendResetLink': () => ({ sentTo: 'outbox', message: outbox }) });
    renderApp('/admin/users');
    await screen.findByText('zoe@example.com');
    fireEvent.click(screen.getAllByRole('button', { name: 'Send Reset Link' })[2]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(outbox)).toBeTruthy();
    expect(screen.getByText('Reset link written to the outbox')).toBeTruthy();
  });

  it('asks before changing a role, naming the user and the new role; Cancel changes nothing', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'users.list': () => USERS, 'users.changeRole': () => ({ ...USERS[2], role: 'admin' }) });
    renderApp('/admin/users');
    await screen.findByText('zoe@example.com');
    const pick = async () => {
      const field = screen.getByLabelText<HTMLInputElement>('Role of zoe@example.com', { selector: 'input' });
      fireEvent.click(field);
      await waitFor(() => {
        const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
        const admin = [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])].find((o) => o.textContent === 'Admin');
        expect(admin).toBeTruthy();
        fireEvent.click(admin!);
      });
      const dialog = await screen.findByRole('dialog', { name: 'Change role' });
      expect(field.value).toBe('Staff');
      return dialog;
    };
    let dialog = await pick();
    expect(dialog.textContent).toContain(
      'Make Zoe Young (zoe@example.com) Admin? They will be signed out everywhere and must sign in again to continue.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change role' })).toBeNull());
    expect(calls.some((c) => c.path === 'users.changeRole')).toBe(false);
    dialog = await pick();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('User role updated')).toBeTruthy();
    expect(calls.find((c) => c.path === 'users.changeRole')?.input).toEqual({ id: 3, role: 'admin' });
  });

  it('sends staff away with Access Denied, explaining why', async () => {
    mockTrpc({ 'auth.user': () => STAFF, ...START_PAGE_READS });
    const { router } = renderApp('/admin/users');
    expect((await screen.findAllByText('Admins only')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Only administrators can manage users and their roles. Taking you to the start page...')).toBeTruthy();
    expect(document.querySelector('a[href="/admin/users"]')).toBeNull();
    expect(document.querySelector('a[href="/reports/profitability"]')).toBeNull();
    expect(document.querySelector('a[href="/customers"]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
  });

  it('Create User: checks the form by the shared rules, sends what was typed, and opens empty the next time', async () => {
    let list = USERS;
    mockTrpc({
      'auth.user': () => ADMIN,
      'users.list': () => list,
      'users.create': (input) => {
        const created: UserListRow = {
          id: 4,
          email: input.email,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: input.role ?? 'staff',
          ...active,
        };
        list = [...list, created];
        return created;
      },
    });
    renderApp('/admin/users');
    await screen.findByText('zoe@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(calls.some((c) => c.path === 'users.create')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'rita@example.com' } });
    expect(within(dialog).queryByText('Enter a valid email address')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'Initial123' } });
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Rita' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created')).toBeTruthy();
    expect(calls.find((c) => c.path === 'users.create')?.input).toEqual({
      email: 'rita@example.com',
      password: 'Initial123',
      firstName: 'Rita',
      lastName: '',
      role: 'staff',
    });
    expect(await screen.findByText('rita@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Email/)).value).toBe('');
  });
});
