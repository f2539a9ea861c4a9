import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transaction } from '../testing/fixtures';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { choose } from '../testing/select';

const tx = (id: number) => transaction(id);

function mockHistory(totalCount: number) {
  mockTrpc({
    'auth.user': () => ADMIN,
    'customers.list': () => [{ id: 1, name: 'Alice', email: null, isActive: true, createdAt: '', version: 1 }],
    'casinos.list': () => [{ id: 10, name: 'Lucky', website: null, isActive: true, scRatio: 1000, createdAt: '', version: 1 }],
    'transactionTypes.list': () => [{ id: 100, name: 'Purchase', casinoId: 10, version: 1 }],
    'transactions.list': (input) => {
      const { offset = 0 } = input as { offset?: number };
      const n = Math.max(0, Math.min(3, totalCount - offset));
      return { transactions: Array.from({ length: n }, (_, i) => tx(offset + i + 1)), totalCount };
    },
  });
}

describe('Transaction History', () => {
  it('pages by 100 from the URL and resets to page 1 when a filter changes', async () => {
    mockHistory(250);
    const { router } = renderApp('/transactions/history?page=3');
    await waitFor(() => expect(screen.getByTestId('pager-page').textContent).toBe('Page 3 of 3'), { timeout: 5000 });
    expect(screen.getByTestId('pager-showing').textContent).toBe('Showing 201 to 250 of 250 transactions');
    expect(calls.find((c) => c.path === 'transactions.list')?.input).toEqual({ limit: 100, offset: 200 });

    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(screen.getByTestId('pager-page').textContent).toBe('Page 1 of 3'));
    // Page 1 is left out of the URL.
    expect(router.state.location.search).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));

    await choose('Customer', 'Alice');
    await waitFor(() => expect(router.state.location.search).toEqual({ customerId: 1 }));
    expect(calls.at(-1)?.input).toEqual({ customerId: 1, limit: 100, offset: 0 });
    expect(screen.getByTestId('pager-page').textContent).toBe('Page 1 of 3');
    // Paging keeps the filters.
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ customerId: 1, page: 2 }));
  });

  it('filters by a type name across casinos, and back to one casino’s type, one or the other in the URL', async () => {
    mockHistory(3);
    const { router } = renderApp('/transactions/history');
    await waitFor(() => expect(screen.getByTestId('pager-showing').textContent).toBe('Showing 1 to 3 of 3 transactions'));
    await choose('Transaction Type', 'Purchase (all casinos)');
    await waitFor(() => expect(router.state.location.search).toEqual({ typeName: 'Purchase' }));
    expect(calls.at(-1)?.input).toEqual({ typeName: 'Purchase', limit: 100, offset: 0 });
    await choose('Transaction Type', 'Purchase — Lucky');
    await waitFor(() => expect(router.state.location.search).toEqual({ transactionTypeId: 100 }));
    expect(calls.at(-1)?.input).toEqual({ transactionTypeId: 100, limit: 100, offset: 0 });
  });

  it('shows the empty state and clears filters', async () => {
    mockHistory(0);
    const { router } = renderApp('/transactions/history?casinoId=10&startDate=2026-01-01');
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters or add some transactions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('sorts on the server by clicking the Date and USD headers, the sort kept in the URL; exports by Excel and CSV buttons', async () => {
    mockHistory(250);
    const { router } = renderApp('/transactions/history?page=2');
    const usd = await screen.findByRole('button', { name: 'USD' });
    expect(screen.queryByRole('button', { name: 'Customer' })).toBeNull();
    fireEvent.click(usd);
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: '-usd' }));
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ sort: '-usd', limit: 100, offset: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'USD' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'usd' }));
    expect(screen.getByRole('columnheader', { name: 'USD' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('button', { name: 'Excel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('Start Date applies a typed or pasted day only when it is whole, and says so until then', async () => {
    mockHistory(3);
    const { router } = renderApp('/transactions/history');
    const start = await screen.findByLabelText('Start Date');
    const listed = () => calls.filter((c) => c.path === 'transactions.list').length;
    await waitFor(() => expect(listed()).toBe(1));
    for (const partial of ['1', '11/2', '11/20/2', '11/20/202']) {
      fireEvent.change(start, { target: { value: partial } });
      expect(screen.getByText('Enter a full date')).toBeTruthy();
    }
    fireEvent.change(start, { target: { value: '02/30/2026' } });
    expect(screen.getByText('Enter a real date')).toBeTruthy();
    fireEvent.change(start, { target: { value: '11/20/0026' } });
    expect(screen.getByText('Enter a date from 01/01/1970 to 12/31/2100')).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(listed()).toBe(1);

    fireEvent.change(start, { target: { value: '11/20/2026' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ startDate: '2026-11-20' }));
    expect(screen.queryByText('Enter a full date')).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.input).toEqual({ startDate: '2026-11-20', limit: 100, offset: 0 }));

    // A pasted ISO day reads the same, and shows in the office's format once the field is left.
    const end = screen.getByLabelText('End Date');
    fireEvent.change(end, { target: { value: '2026-11-21' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ startDate: '2026-11-20', endDate: '2026-11-21' }));
    fireEvent.blur(end);
    expect((end as HTMLInputElement).value).toBe('11/21/2026');

    // Emptying a date filter removes it; Clear Filters empties the fields.
    fireEvent.change(end, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ startDate: '2026-11-20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect((start as HTMLInputElement).value).toBe('');
  });
});
