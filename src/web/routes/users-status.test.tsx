import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp, STAFF } from '../testing/render';
import { choose } from '../testing/select';
import type { UserListRow } from '../lib/api-types';

const ZOE: UserListRow = {
  id: 3,
  email: 'zoe@example.com',
  firstName: 'Zoe',
  lastName: 'Young',
  role: 'staff',
  isActive: false,
  twoFactorEnabled: false,
};

describe('Users screen: status', () => {
  it('shows each status, filters by it, and deactivates after a confirmation naming the user', async () => {
    let list: UserListRow[] = [
      { ...ADMIN, isActive: true, twoFactorEnabled: true },
      { ...STAFF, isActive: true, twoFactorEnabled: false },
      ZOE,
    ];
    mockTrpc({
      'auth.user': () => ADMIN,
      'users.list': () => list,
      'users.setStatus': (input) => {
        list = list.map((u) => (u.id === input.id ? { ...u, isActive: input.isActive } : u));
        return list.find((u) => u.id === input.id)!;
      },
    });
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('zoe@example.com');
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getAllByText('Deactivated')).toHaveLength(1);
    // No actions on one's own account.
    expect(screen.queryByRole('button', { name: 'Account actions for ada@example.com' })).toBeNull();

    await choose('Status', 'Deactivated');
    expect(screen.getByTestId('user-count').textContent).toBe('1 of 3 users');
    await choose('Status', 'All statuses');

    fireEvent.click(screen.getByRole('button', { name: 'Account actions for sam@example.com' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sam Staff (sam@example.com) will be signed out everywhere');
    expect(calls.some((c) => c.path === 'users.setStatus')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('sam@example.com is deactivated')).toBeTruthy();
    expect(calls.find((c) => c.path === 'users.setStatus')?.input).toEqual({ id: STAFF.id, isActive: false });
    await waitFor(() => expect(within(table).getAllByText('Deactivated')).toHaveLength(2));
  });
});
