import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { mediaQueryList } from '../testing/media';
import { casino, customer } from '../testing/fixtures';
import { tableRows } from '../testing/table';
import type { AuditEntryView } from '../lib/api-types';

const ENTRIES: AuditEntryView[] = [
  { id: 5, at: '2026-11-25T10:00:00.000Z', user: { id: 1, email: ADMIN.email }, action: 'create', entity: 'casino', entityId: 11 },
];

const mock = () =>
  mockTrpc({
    'auth.user': () => ADMIN,
    'users.list': () => [{ ...ADMIN, isActive: true, twoFactorEnabled: false }],
    'customers.list': () => [customer(1, 'Alice Anders')],
    'casinos.list': () => [casino(11, 'Chumba')],
    'transactionTypes.list': () => [],
    'audit.list': () => ({ entries: ENTRIES, totalCount: 1 }),
  });
const reads = () => calls.filter((c) => c.path === 'audit.list').map((c) => c.input);

describe('Audit Trail', () => {
  it('reads the filters and the page from the URL, and a typed record id goes back to page 1', async () => {
    mock();
    const { router } = renderApp('/admin/audit?entity=casino&userId=1&page=3');
    await waitFor(() => expect(tableRows('Audit trail')).toHaveLength(1));
    expect(reads()[0]).toEqual({ entity: 'casino', userId: 1, limit: 100, offset: 200 });
    fireEvent.change(screen.getByLabelText('Record id'), { target: { value: '11' } });
    await waitFor(() => expect(reads().at(-1)).toEqual({ entity: 'casino', userId: 1, entityId: 11, limit: 100, offset: 0 }));
    expect(router.state.location.search).toEqual({ entity: 'casino', userId: 1, entityId: 11 });
  });

  it('on a phone folds its filters behind "Filters (N)", counting only the filters set', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width: 48em')));
    mock();
    // A hand-edited bad value is dropped by the URL's rules and is not counted.
    renderApp('/admin/audit?entity=casino&userId=1&entityId=abc');
    await screen.findByRole('list', { name: 'Audit trail' });
    expect(screen.getByRole('button', { name: 'Filters (2)' }).getAttribute('aria-expanded')).toBe('false');
  });
});
