import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { casino, customer } from '../testing/fixtures';
import { calls, mockTrpc } from '../testing/msw';
import { renderApp, STAFF } from '../testing/render';
import type { RedemptionView } from '../lib/api-types';

const redemption = (id: number, more: Partial<RedemptionView> = {}): RedemptionView => ({
  id,
  customerId: 1,
  customerName: 'Alice Anders',
  casinoId: 10,
  casinoName: 'Chumba',
  status: 'pending',
  requestedAt: '2026-11-24T15:00:00.000Z',
  requestedDay: '2026-11-24',
  officeToday: '2026-11-25',
  requestedBy: 'Sam Staff',
  unplayedCoins: '12500.00',
  playedCoins: '0.00',
  expectedUsd: '125.00',
  note: null,
  receivedAt: null,
  usdReceived: null,
  finishedAt: null,
  finishedBy: null,
  finishNote: null,
  ageDays: 1,
  overdue: false,
  requestTransactionId: 100 + id,
  receiptTransactionId: null,
  reversalTransactionId: null,
  ...more,
});

let rows: RedemptionView[];
beforeEach(() => {
  rows = [redemption(1, { note: 'Weekly cash-out to the Visa card' }), redemption(2, { customerName: 'Bruno Baker' })];
  mockTrpc({
    'auth.user': () => STAFF,
    'customers.list': () => [customer(1, 'Alice Anders'), customer(2, 'Bruno Baker')],
    'casinos.list': () => [casino(10, 'Chumba')],
    'redemptions.list': () => ({ redemptions: rows, totalCount: rows.length, inTransitUsd: '250.00', inTransitCount: 2 }),
  });
});

const lists = () => calls.filter((c) => c.path === 'redemptions.list').map((c) => c.input as Record<string, unknown>);

describe('Redemptions', () => {
  it("shows a request's note under its customer, and in the Mark received dialog", async () => {
    renderApp('/redemptions');
    const grid = await screen.findByRole('table', { name: 'Redemptions' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    const [alice, bruno] = within(grid).getAllByRole('row').slice(1);
    expect(within(alice).getByTestId('redemption-note').textContent).toBe('Note: Weekly cash-out to the Visa card');
    expect(within(alice).getByTestId('redemption-note').getAttribute('title')).toBe('Weekly cash-out to the Visa card');
    expect(within(bruno).queryByTestId('redemption-note')).toBeNull();
    fireEvent.click(within(alice).getByRole('button', { name: 'Mark received: Alice Anders at Chumba' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Note: Weekly cash-out to the Visa card')).toBeTruthy();
  });

  it('starts another tab at the top of its list, not at the scroll position of the tab before', async () => {
    renderApp('/redemptions');
    await screen.findByRole('table', { name: 'Redemptions' });
    const box = screen.getByRole('region', { name: 'Redemptions (scrollable)' });
    box.scrollTop = 480;
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lists().map((l) => l.status)).toEqual(['pending', undefined]));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('region', { name: 'Redemptions (scrollable)' }).scrollTop).toBe(0);
  });
});
