import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUSY, busyUntilRecovered, calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { tableRows } from '../testing/table';
import { mediaQueryList } from '../testing/media';
import type { HighScRow } from '../lib/api-types';

const ROWS: HighScRow[] = [
  { customerId: 1, customerName: 'Alice', casinoId: 10, casinoName: 'Lucky', totalCoins: '150000.00', playedCoins: '2345.67' },
  { customerId: 2, customerName: 'Bob', casinoId: 11, casinoName: 'Chumba', totalCoins: '100000.50', playedCoins: '0.00' },
];
const SUMMARY = { accounts: 2, uniqueCustomers: 2, totalUSD: '252.35' };
const stat = (title: string) => screen.getByTestId(`stat-${title}`).textContent;

describe('High SC report (spec 2.14)', () => {
  it('lists each balance with total coins and its USD value to the cent, and the summary cards', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'reports.highSc': () => ROWS, 'reports.highScSummary': () => SUMMARY });
    renderApp('/reports/high-sc');
    await screen.findByText('Chumba');
    // USD value: (unplayed + played) / 1000, to the cent: 152,345.67 coins -> $152.35; 100,000.50 -> $100.00.
    expect(tableRows('High SC balances')).toEqual([
      ['Alice', 'Lucky', '150,000.00', '2,345.67', '152,345.67', '$152.35'],
      ['Bob', 'Chumba', '100,000.50', '0.00', '100,000.50', '$100.00'],
    ]);
    expect(stat('Total Accounts')).toBe('2');
    expect(stat('Unique Customers')).toBe('2');
    expect(stat('Total USD Value')).toBe('$252.35');
    expect(screen.getByTestId('high-sc-count').textContent).toBe('2 casinos above $100');
    expect(screen.getByTestId('high-sc-count-meaning').textContent).toBe(
      ' · counts accounts (one customer at one casino), not different casinos',
    );
    expect(screen.getByText('Balances > $100')).toBeTruthy();
    expect(calls.find((c) => c.path === 'reports.highSc')?.input).toEqual({ threshold: 100, limit: 100, offset: 0 });
  });

  it('reads the threshold, the as-of day and the sort from the URL and asks the server for them', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'reports.highSc': () => ROWS, 'reports.highScSummary': () => SUMMARY });
    renderApp('/reports/high-sc?threshold=250&asOf=2026-03-01&sort=-usd');
    await screen.findByText('Chumba');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum SC Value (USD)').value).toBe('250');
    expect(screen.getByText('Balances > $250')).toBeTruthy();
    expect(calls.find((c) => c.path === 'reports.highSc')?.input).toEqual({
      threshold: 250,
      asOf: '2026-03-01',
      sort: '-usd',
      limit: 100,
      offset: 0,
    });
    expect(calls.find((c) => c.path === 'reports.highScSummary')?.input).toEqual({ threshold: 250, asOf: '2026-03-01' });
  });

  it('a hand-edited URL with bad values falls back to the defaults instead of breaking the screen', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'reports.highSc': () => ROWS, 'reports.highScSummary': () => SUMMARY });
    renderApp('/reports/high-sc?threshold=abc&asOf=yesterday&sort=nonsense');
    await screen.findByText('Chumba');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum SC Value (USD)').value).toBe('100');
    expect(calls.find((c) => c.path === 'reports.highSc')?.input).toEqual({ threshold: 100, limit: 100, offset: 0 });
  });

  it("shows the server's message with Retry, and Retry loads the report", async () => {
    const busy = busyUntilRecovered();
    mockTrpc({
      'auth.user': () => ADMIN,
      'reports.highSc': busy.answer(() => ROWS),
      'reports.highScSummary': busy.answer(() => SUMMARY),
    });
    renderApp('/reports/high-sc');
    expect(await screen.findAllByText(BUSY)).toHaveLength(2);
    expect(stat('Total USD Value')).toBe('—');
    busy.recover();
    for (const retry of screen.getAllByRole('button', { name: 'Retry' })) fireEvent.click(retry);
    await waitFor(() => expect(stat('Total USD Value')).toBe('$252.35'));
    expect(await screen.findByText('$152.35')).toBeTruthy();
    expect(screen.queryByText(BUSY)).toBeNull();
  });

  it('on a phone shows the summary and the balances first, the threshold and the day folded behind "Filters (N)"', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width: 48em')));
    mockTrpc({ 'auth.user': () => ADMIN, 'reports.highSc': () => ROWS, 'reports.highScSummary': () => SUMMARY });
    renderApp('/reports/high-sc?threshold=250&asOf=2026-03-01');
    const list = await screen.findByRole('list', { name: 'High SC balances' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Folded: neither field takes the screen, while Export stays in view.
    expect(screen.queryByRole('textbox', { name: 'Minimum SC Value (USD)' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'As of' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Minimum SC Value (USD)' }), { target: { value: '300' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'reports.highScSummary').at(-1)?.input).toEqual({ threshold: 300, asOf: '2026-03-01' }),
    );
  });
});
