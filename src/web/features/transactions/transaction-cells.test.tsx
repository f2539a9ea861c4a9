import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transaction } from '../../testing/fixtures';
import { mockTrpc, TrpcFailure } from '../../testing/msw';
import { ADMIN, renderApp } from '../../testing/render';

/** A page of History's cells are plain elements with Mantine's classes (decision 232): what each one says and shows. */
describe("History's cells", () => {
  it('write the amounts, their colours, the day and time, and links that open the customer and the casino', async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => [],
      'casinos.list': () => [],
      'transactionTypes.list': () => [],
      'transactions.list': () => ({
        transactions: [transaction(7, { usdChange: '1012.50', playedCoinsChange: '-3.25', purchaseRatio: null })],
        totalCount: 1,
      }),
      // The customer's page is not this test's: it is only opened.
      'summaries.customer': () => {
        throw new TrpcFailure(404, 'Customer not found');
      },
    });
    const { router } = renderApp('/transactions/history');
    const row = (await screen.findByRole('link', { name: 'Alice' })).closest('tr');
    if (!row) throw new Error('no row');
    const cells = [...row.querySelectorAll('td')];
    const [date, , , , unplayed, played, usd, ratio, total] = cells;
    // Amounts to the right, each on one line, in Mantine's Text look at sm.
    expect(cells.map((c) => c.hasAttribute('data-num'))).toEqual([false, false, false, false, true, true, true, true, true, false]);
    expect(cells.every((c) => c.classList.contains('grid-cell'))).toBe(true);
    expect(unplayed.textContent).toBe('22,000.00');
    expect(unplayed.firstElementChild?.className).toMatch(/\bfz-sm\b.*\bmono\b/);
    expect(unplayed.firstElementChild?.classList.contains('c-red')).toBe(false);
    expect(played.textContent).toBe('-3.25');
    expect(played.firstElementChild?.classList.contains('c-red')).toBe(true);
    expect(usd.textContent).toBe('+1,012.50');
    expect([...(usd.firstElementChild?.classList ?? [])].filter((c) => /^(c|fw)-/.test(c))).toEqual(['fw-600', 'c-teal']);
    expect(ratio.textContent).toBe('-');
    expect(ratio.firstElementChild?.classList.contains('c-dimmed')).toBe(true);
    expect(total.firstElementChild?.classList.contains('fw-600')).toBe(true);
    // The day with the time under it, the whole moment in its title.
    const day = date.querySelector('p');
    expect(day?.getAttribute('title')).toMatch(/^Mar 1, 2026, \d{1,2}:00 [AP]M$/);
    expect(day?.querySelector('.cell-time')?.textContent).toMatch(/^\d{1,2}:00 [AP]M$/);

    const casino = within(row).getByRole('link', { name: 'Lucky' });
    expect(casino.getAttribute('href')).toBe('/casinos/10');
    expect(casino.getAttribute('data-underline')).toBe('always');
    const customer = within(row).getByRole('link', { name: 'Alice' });
    expect(customer.getAttribute('href')).toBe('/customers/1');
    expect(customer.getAttribute('title')).toBe('Alice');
    // A plain click stays in the app (the router takes it; the browser does not load a page).
    expect(fireEvent.click(customer)).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/1'));
  });
});
