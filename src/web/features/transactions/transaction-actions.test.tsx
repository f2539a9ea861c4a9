import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transaction } from '../../testing/fixtures';
import { mockTrpc } from '../../testing/msw';
import { ADMIN, renderApp } from '../../testing/render';

function mockHistory() {
  mockTrpc({
    'auth.user': () => ADMIN,
    'customers.list': () => [{ id: 1, name: 'Alice', email: null, isActive: true, createdAt: '', version: 1 }],
    'casinos.list': () => [{ id: 10, name: 'Lucky', website: null, isActive: true, scRatio: 1000, createdAt: '', version: 1 }],
    'transactionTypes.list': () => [{ id: 100, name: 'Purchase', casinoId: 10, version: 1 }],
    'transactions.list': () => ({
      transactions: [transaction(1, { date: '2026-11-10T23:30:00.000Z' }), transaction(2, { date: '2026-11-11T00:00:00.000Z' })],
      totalCount: 2,
    }),
    'books.get': () => ({ closedThrough: '2026-11-10', closedBefore: '2026-11-11T00:00:00.000Z', history: [] }),
    'attachments.counts': () => ({ 2: 3 }),
  });
}

describe("History's row actions", () => {
  it('locks an entry in the closed period, saying why, and leaves a later one editable with its paperclip count', async () => {
    mockHistory();
    renderApp('/transactions/history');
    const locked = await screen.findByTestId('locked-1', undefined, { timeout: 5000 });
    expect(locked.getAttribute('aria-label')).toBe(
      'Transaction 1 is locked. The books are closed through Nov 10, 2026: reopen them (Admin, Books) to edit or delete this entry',
    );
    expect(screen.queryByRole('button', { name: 'Edit transaction 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit transaction 2' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('3 attachments').textContent).toBe('3'));
    expect(screen.queryByTestId('locked-2')).toBeNull();
  });
});
