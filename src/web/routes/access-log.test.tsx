import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp, STAFF } from '../testing/render';
import { mediaQueryList } from '../testing/media';
import { choose } from '../testing/select';
import { tableRows } from '../testing/table';
import type { AccessLogEntry, UserListRow } from '../lib/api-types';

const active = { isActive: true, twoFactorEnabled: false };
const USERS: UserListRow[] = [
  { ...ADMIN, ...active },
  { ...STAFF, ...active },
];
const entry = (id: number, kind: string, email: string): AccessLogEntry => ({
  id,
  at: '2026-11-25T10:00:00.000Z',
  kind,
  userId: null,
  email,
  ip: '10.0.0.7',
  userAgent: 'Firefox',
  detail: null,
});
const ENTRIES = [entry(2, 'sign-in-failed', 'zoe@example.com'), entry(1, 'sign-in', 'ada@example.com')];

const mock = () =>
  mockTrpc({ 'auth.user': () => ADMIN, 'users.list': () => USERS, 'accessLog.list': () => ({ entries: ENTRIES, totalCount: 2 }) });
const reads = () => calls.filter((c) => c.path === 'accessLog.list').map((c) => c.input);

/** A phone: the app's `(max-width: 48em)` query matches. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width: 48em')));
}

describe('Access log', () => {
  it('reads the filters and the page from the URL, and a changed filter goes back to page 1', async () => {
    mock();
    const { router } = renderApp('/admin/access-log?kind=sign-in&userId=2&page=2');
    await screen.findByText('zoe@example.com');
    expect(tableRows('Access log').map((r) => r.slice(1, 4))).toEqual([
      ['Sign-in failed', 'zoe@example.com', '10.0.0.7'],
      ['Signed in', 'ada@example.com', '10.0.0.7'],
    ]);
    expect(reads()[0]).toEqual({ kind: 'sign-in', userId: 2, limit: 100, offset: 100 });
    await choose('Event', 'Password reset');
    await waitFor(() => expect(reads().at(-1)).toEqual({ kind: 'reset-link-used', userId: 2, limit: 100, offset: 0 }));
    expect(router.state.location.search).toEqual({ kind: 'reset-link-used', userId: 2 });
    // "All events" removes the filter from the URL.
    await choose('Event', 'All events');
    await waitFor(() => expect(router.state.location.search).toEqual({ userId: 2 }));
  });

  it('reads nothing while the date range runs backwards', async () => {
    mock();
    renderApp('/admin/access-log?startDate=2026-11-20&endDate=2026-11-01');
    expect(await screen.findByText('Choose an end date on or after the start date to see results')).toBeTruthy();
    // The users' read goes out in the same batch a read of the log would.
    await waitFor(() => expect(calls.some((c) => c.path === 'users.list')).toBe(true));
    expect(reads()).toEqual([]);
  });

  it('on a phone shows the entries first, the filters folded behind "Filters (N)" until asked for', async () => {
    onPhone();
    mock();
    const { router } = renderApp('/admin/access-log?kind=sign-in');
    const list = await screen.findByRole('list', { name: 'Access log' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // The folded panel comes before the entries, and it is one line: no field in the way.
    expect(toggle.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Start Date' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await choose('Event', 'Signed out');
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'sign-out' }));
  });
});
