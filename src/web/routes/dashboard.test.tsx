import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { casino, customer, transaction } from '../testing/fixtures';
import { BUSY, busyUntilRecovered, mockTrpc, type TrpcMocks } from '../testing/msw';
import { ADMIN, renderApp, STAFF } from '../testing/render';
import { bringIntoView, stubIntersection } from '../testing/intersection';

afterEach(() => vi.unstubAllGlobals());

const RECENT = [
  transaction(9, { customer: { name: 'Cara' }, casino: { name: 'Chumba' }, transactionType: { name: 'Withdraw' }, usdChange: '1012.50' }),
  transaction(8, { usdChange: '-20.01' }),
];

function mockDashboard(user = ADMIN, more: TrpcMocks = {}) {
  mockTrpc({
    'auth.user': () => user,
    'customers.list': () => [customer(1, 'Alice'), customer(2, 'Bob', { isActive: false }), customer(3, 'Cara')],
    'casinos.list': () => [casino(10, 'Lucky'), casino(11, 'Chumba')],
    'transactions.recent': () => RECENT,
    'redemptions.inTransit': () => ({ count: 3, usd: '1234.56' }),
    'checkIns.board': () => ({ date: '2026-03-03', today: '2026-03-03', rows: [], totalCount: 235, done: 120, total: 235 }),
    'audit.lastLedgerCheck': () => null,
    'dashboard.usdPerDay': () => [
      { day: '2026-03-01', usd: '-20.01', entries: 1 },
      { day: '2026-03-02', usd: '0.00', entries: 0 },
      { day: '2026-03-03', usd: '1012.50', entries: 4 },
    ],
    'dashboard.scByCasino': () => [{ casinoId: 10, casinoName: 'Lucky', unplayed: '22000.00', played: '150.25', total: '22150.25' }],
    'dashboard.entriesByStaff': () => [{ userId: 1, name: 'Ada Admin', entries: 1234 }],
    ...more,
  });
}

const stat = (title: string) => screen.getByTestId(`stat-${title}`).textContent;
const tableOf = (caption: string) =>
  [...(screen.getByText(caption).closest('table')?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('Dashboard (spec 2.6)', () => {
  it('counts active customers and casinos, the recent entries and the money in transit', async () => {
    mockDashboard();
    renderApp('/dashboard');
    await waitFor(() => expect(stat('Total Customers')).toBe('2'));
    expect(stat('Active Casinos')).toBe('2');
    // The last entries' USD added up (+1,012.50 and -20.01), and when the newest was made.
    await waitFor(() => expect(stat('Recent Transactions')).toBe('+992.49'));
    expect(screen.getByText(/^Last 10 entries \(net USD\), newest /)).toBeTruthy();
    expect(stat('Your Role')).toBe('admin');
    expect(screen.getByText('Access level: every screen, Admin included')).toBeTruthy();
    await waitFor(() => expect(stat('In transit')).toBe('$1,234.56'));
    expect(screen.getByText('3 pending redemptions')).toBeTruthy();
    await waitFor(() => expect(stat('Check-ins today')).toBe('120 of 235'));
    expect(screen.getByText('Done on 2026-03-03 (office time)')).toBeTruthy();
    // Six cards, three to a row at the widest: no row with an empty slot.
    expect(screen.getByTestId('dashboard-cards').children).toHaveLength(6);
    expect(screen.getByText('Welcome back, Ada')).toBeTruthy();
  });

  it('lists Recent Activity with customer, casino, type and signed USD to the cent', async () => {
    mockDashboard();
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('recent-activity')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('recent-activity');
    expect(within(first).getByText('Withdraw')).toBeTruthy();
    expect(first.textContent).toContain('Cara at Chumba');
    expect(first.textContent).toContain('+1,012.50');
    expect(second.textContent).toContain('Alice at Lucky');
    expect(second.textContent).toContain('-20.01');
  });

  it('gives each chart its data as a table: days with entries, balances per casino, entries per person', async () => {
    stubIntersection();
    mockDashboard();
    renderApp('/dashboard');
    // The charts wait until their place comes near the view (decision 218), then load in their own
    // chunk: slow on a busy machine.
    await screen.findByText('Recent Activity');
    expect(document.querySelectorAll('[data-near-view="waiting"]')).toHaveLength(1);
    bringIntoView();
    expect(document.querySelectorAll('[data-near-view="waiting"]')).toHaveLength(0);
    await screen.findByText('USD change per day, last 90 days (days with entries)', {}, { timeout: 15000 });
    await waitFor(() =>
      expect(tableOf('USD change per day, last 90 days (days with entries)')).toEqual([
        ['2026-03-01', '-20.01', '1'],
        ['2026-03-03', '+1,012.50', '4'],
      ]),
    );
    expect(tableOf('SC balances per active casino, largest first')).toEqual([['Lucky', '22,000.00', '150.25', '22,150.25']]);
    expect(tableOf('Entries per staff member since Monday')).toEqual([['Ada Admin', '1,234']]);
  });

  it('staff see no ledger check and no Profitability quick action', async () => {
    mockDashboard(STAFF);
    renderApp('/dashboard');
    await waitFor(() => expect(stat('Your Role')).toBe('staff'));
    expect(screen.getByText('Access level: every screen but Profitability and Admin')).toBeTruthy();
    expect(screen.getByText('View History')).toBeTruthy();
    expect(screen.queryByText('Profitability')).toBeNull();
    expect(screen.queryByTestId('ledger-check')).toBeNull();
  });

  it('gives staff and admins six quick actions each (three to a row: no empty slot), Profitability for admins only', async () => {
    const titles = () => screen.getAllByTestId('quick-action').map((a) => a.querySelector('p')?.textContent);
    mockDashboard(STAFF);
    const { unmount } = renderApp('/dashboard');
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(titles()).toEqual(['Add Transaction', 'View History', 'High SC Report', 'Participation', 'Check-ins', 'Redemptions']);
    unmount();
    mockDashboard(ADMIN);
    renderApp('/dashboard');
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(titles()).toEqual(['Add Transaction', 'View History', 'High SC Report', 'Profitability', 'Check-ins', 'Redemptions']);
  });

  it('says "None" when there is no entry yet, rather than a total of nothing', async () => {
    mockDashboard(ADMIN, { 'transactions.recent': () => [] });
    renderApp('/dashboard');
    await waitFor(() => expect(stat('Recent Transactions')).toBe('None'));
    expect(screen.getByText('Last 10 entries: none yet')).toBeTruthy();
  });

  it("a failed read shows the server's message with Retry, and Retry fills the cards in", async () => {
    const busy = busyUntilRecovered();
    mockDashboard(ADMIN, { 'customers.list': busy.answer(() => [customer(1, 'Alice'), customer(2, 'Bob')]) });
    renderApp('/dashboard');
    await waitFor(() => expect(stat('Total Customers')).toBe('—'));
    expect(screen.getByText(BUSY)).toBeTruthy();
    expect(stat('Active Casinos')).toBe('2');
    busy.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stat('Total Customers')).toBe('2'));
    expect(screen.queryByText(BUSY)).toBeNull();
  });
});
