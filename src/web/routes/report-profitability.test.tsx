import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import type { ProfitabilityRow } from '../lib/api-types';

const row = (i: number): ProfitabilityRow => ({
  customerId: i,
  casinoId: 10,
  customerName: `Customer ${String(i).padStart(3, '0')}`,
  casinoName: 'Lucky',
  totalUSD: `${250 - i}.00`,
  transactionCount: 2,
});

describe('Profitability report', () => {
  it('shows the server summary in the cards and pages the rows by 100', async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => [],
      'casinos.list': () => [],
      'reports.profitabilitySummary': () => ({ totalUSD: '-1234567.89', profitable: 200, loss: 49, entries: 250 }),
      'reports.profitability': (input) => {
        const { offset = 0, limit = 250 } = input as { offset?: number; limit?: number };
        return Array.from({ length: Math.min(limit, 250 - offset) }, (_, i) => row(offset + i + 1));
      },
    });
    renderApp('/reports/profitability');
    await waitFor(() => expect(screen.getByTestId('pager-showing').textContent).toBe('Showing 1 to 100 of 250 pairs'), { timeout: 5000 });
    expect(screen.getByTestId('stat-Total Profit/Loss').textContent).toBe('-$1,234,567.89');
    expect(screen.getByTestId('stat-Profitable').textContent).toBe('200');
    expect(screen.getByTestId('stat-Loss Making').textContent).toBe('49');
    expect(screen.getByTestId('stat-Total Entries').textContent).toBe('250');
    expect(calls.find((c) => c.path === 'reports.profitability')?.input).toEqual({ limit: 100, offset: 0 });
    // The rows are built in the background (a transition): all 100 of the page once built.
    await waitFor(() => expect(screen.getAllByText(/^Customer \d{3}$/).length).toBeGreaterThanOrEqual(100));

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(screen.getByTestId('pager-showing').textContent).toBe('Showing 201 to 250 of 250 pairs'));
    expect(calls.filter((c) => c.path === 'reports.profitability').at(-1)?.input).toEqual({ limit: 100, offset: 200 });
    // A page's rows are built in the background; a render that other updates keep interrupting is finished
    // by React once its lane expires (5 s), so the wait allows for that on a slow machine.
    await waitFor(() => expect(screen.getAllByText('Customer 250').length).toBeGreaterThan(0), { timeout: 10_000 });
  });
});
