import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ParticipationRow } from '../../shared/schemas/reports';
import { customer } from '../testing/fixtures';
import { BUSY, busyUntilRecovered, calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { choose } from '../testing/select';

const CUSTOMERS = [customer(1, 'Master May'), customer(2, 'Alice', { email: 'alice@example.com' }), customer(3, 'Bob')];
const ROWS: ParticipationRow[] = [
  {
    customerId: 2,
    customer: { name: 'Alice', email: 'alice@example.com' },
    customerName: 'Alice',
    totalCasinos: 3,
    missingCasinos: [{ name: 'Chumba', website: 'https://chumba.example.com' }],
  },
  { customerId: 3, customer: { name: 'Bob', email: null }, customerName: 'Bob', totalCasinos: 3, missingCasinos: [] },
];
const SUMMARY = { customersAnalyzed: 2, needRegistration: 1, totalMissing: 1, totalCasinos: 3 };
function mockReport(overrides: Parameters<typeof mockTrpc>[0] = {}) {
  mockTrpc({
    'auth.user': () => ADMIN,
    'customers.list': () => CUSTOMERS,
    'reports.participation': () => ROWS,
    'reports.participationSummary': () => SUMMARY,
    ...overrides,
  });
}
const stat = (title: string) => screen.getByTestId(`stat-${title}`).textContent;

describe('Participation report (spec 2.16)', () => {
  it('asks for a master user first, then compares everyone with the chosen one', async () => {
    mockReport();
    const { router } = renderApp('/reports/participation');
    expect(await screen.findByText('Select Master User')).toBeTruthy();
    expect(calls.some((c) => c.path === 'reports.participation')).toBe(false);
    await choose('Master User (Reference for all casinos)', 'Master May');
    await waitFor(() => expect(router.state.location.search).toEqual({ masterUserId: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('participation-card')).toHaveLength(2));
    expect(calls.find((c) => c.path === 'reports.participation')?.input).toEqual({ masterUserId: 1, limit: 100, offset: 0 });
  });

  it('shows the cards, and each customer with email, missing casinos and participation rate', async () => {
    mockReport();
    renderApp('/reports/participation?masterUserId=1');
    const [alice, bob] = await screen.findAllByTestId('participation-card');
    expect(stat('Customers Analyzed')).toBe('2');
    expect(stat('Need Registration')).toBe('1');
    expect(stat('Total Missing')).toBe('1');
    expect(alice.textContent).toContain('alice@example.com');
    expect(alice.textContent).toContain('1 missing');
    expect(alice.textContent).toContain('Participation 66.7% of 3 casinos');
    expect(alice.textContent).toContain('Chumba');
    expect(alice.querySelector('a')?.getAttribute('href')).toMatch(/^\/customers\/\d+$/);
    expect(alice.querySelector('a[href^="https:"]')?.getAttribute('href')).toBe('https://chumba.example.com');
    expect(bob.textContent).toContain('No email');
    expect(bob.textContent).toContain('✓ All registered');
    expect(bob.textContent).toContain('Participation 100.0% of 3 casinos');
    expect(bob.textContent).toContain('This customer is registered at all casinos that the master user uses.');
    expect(screen.getByRole('button', { name: 'Create missing links for all (1)' })).toBeTruthy();
  });

  it('keeps the sort in the URL and sends it to the server', async () => {
    mockReport();
    const { router } = renderApp('/reports/participation?masterUserId=1');
    await screen.findAllByTestId('participation-card');
    await choose('Sort by', 'Most missing');
    await waitFor(() => expect(router.state.location.search).toEqual({ masterUserId: 1, sort: '-missing' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'reports.participation').at(-1)?.input).toEqual({
        masterUserId: 1,
        sort: '-missing',
        limit: 100,
        offset: 0,
      }),
    );
  });

  it("shows the server's message with Retry instead of the cards; Retry loads the report", async () => {
    const busy = busyUntilRecovered();
    mockReport({ 'reports.participation': busy.answer(() => ROWS) });
    renderApp('/reports/participation?masterUserId=1');
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.queryByText('No participation data found')).toBeNull();
    expect(screen.queryByTestId('stat-Customers Analyzed')).toBeNull();
    busy.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('participation-card')).toHaveLength(2);
    expect(stat('Customers Analyzed')).toBe('2');
  });
});
