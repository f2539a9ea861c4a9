import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, mockTrpc, START_PAGE_READS, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp, STAFF } from '../testing/render';
import { expectConsoleError } from '../testing/setup';
import { HISTORY_PAGE_SIZE } from '../../shared/constants';
import { redemptionsReportRoute } from './report-redemptions.route';
import { AUDIT_PAGE_SIZE } from '../../shared/limits';
import { admins } from '../route-guards';
import { readsOf } from '../lib/screen-reads';
import { clearToken, lastCheckSaidAdmin, rememberRole, setToken } from '../lib/auth-token';
import { accessLogRoute } from './access-log.route';
import { auditRoute } from './audit.route';
import { booksRoute } from './books.route';
import { deletedTransactionsRoute } from './deleted-transactions.route';
import { profitabilityRoute } from './report-profitability.route';
import { usersRoute } from './users.route';
import { queryClient, trpc } from '../trpc';

describe('Route guards (beforeLoad)', () => {
  it('shows Loading while the user is checked, then the page', async () => {
    let answer: (user: typeof ADMIN) => void = () => {};
    mockTrpc({ 'auth.user': () => new Promise((resolve) => (answer = resolve)), 'casinos.list': () => [] });
    renderApp('/casinos');
    expect(await screen.findByText('Verifying authentication')).toBeTruthy();
    answer(ADMIN);
    expect(await screen.findByText('Manage gaming platforms')).toBeTruthy();
    expect(screen.queryByText('Verifying authentication')).toBeNull();
  });

  it("fetches the screen's code while the user is checked, not after", async () => {
    const screenCode = redemptionsReportRoute.options.component;
    if (!screenCode?.preload) throw new Error('the Redemptions Report screen is not a lazy route component');
    const fetched = vi.spyOn(screenCode, 'preload');
    let answer: (user: typeof ADMIN) => void = () => {};
    mockTrpc({
      'auth.user': () => new Promise((resolve) => (answer = resolve)),
      'redemptions.report': () => ({ rows: [], since: '2026-01-01' }),
    });
    renderApp('/reports/redemptions');
    expect(await screen.findByText('Verifying authentication')).toBeTruthy();
    await waitFor(() => expect(fetched).toHaveBeenCalled());
    expect(screen.getByText('Verifying authentication')).toBeTruthy();
    answer(ADMIN);
    expect(await screen.findByText('Payout times by casino')).toBeTruthy();
  });

  it('a server that cannot say who is signed in shows its message and Retry, not the login form; Retry gets in', async () => {
    expectConsoleError(); // the router's error boundary logs the error it shows
    let failing = true;
    mockTrpc({
      'auth.user': () => {
        if (failing) throw new TrpcFailure(503, 'Database is busy, try again');
        return ADMIN;
      },
      'casinos.list': () => [],
    });
    const { router } = renderApp('/casinos');
    expect(await screen.findByText('Database is busy, try again')).toBeTruthy();
    expect(screen.queryByText('Welcome back')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe('test-token');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Manage gaming platforms')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/casinos');
  });

  it('staff on Profitability see Access Restricted and the toast inside the app, and leave for / after 2 s, not before', async () => {
    mockTrpc({ 'auth.user': () => STAFF, ...START_PAGE_READS });
    const { router } = renderApp('/reports/profitability');
    expect(await screen.findByText('You need admin privileges to view profitability reports')).toBeTruthy();
    const toastAt = Date.now();
    expect(await screen.findByText('Only administrators can view profitability reports')).toBeTruthy();
    expect(screen.getByText('Access Restricted')).toBeTruthy();
    expect(screen.getByTestId('user-role').textContent).toBe('staff');
    await new Promise((resolve) => setTimeout(resolve, toastAt + 1500 - Date.now()));
    expect(router.state.location.pathname).toBe('/reports/profitability');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
    expect(calls.some((c) => c.path.startsWith('reports.profitability'))).toBe(false);
  });

  it('Logout ends the session on the server, then goes to /login without the Unauthorized toast', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [], 'auth.logout': () => null });
    const { router } = renderApp('/casinos');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(calls.filter((c) => c.path === 'auth.logout')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('Route loaders', () => {
  it("hovering a nav link starts that screen's reads before the click", async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [], 'customers.list': () => [], 'customerCasinos.list': () => [] });
    renderApp('/casinos');
    const link = await screen.findByRole('link', { name: 'Customers' });
    expect(calls.some((c) => c.path === 'customers.list')).toBe(false);
    fireEvent.mouseEnter(link);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['customers.list', 'customerCasinos.list'])));
    expect(screen.getByText('Manage gaming platforms')).toBeTruthy();
  });

  it("hovering Dashboard starts the cards', Recent Activity's and an admin's ledger check's reads before the click", async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => [],
      'customers.list': () => [],
      'transactions.recent': () => [],
      'redemptions.inTransit': () => ({ count: 0, usd: '0.00' }),
      'checkIns.board': () => ({ date: '2026-03-03', today: '2026-03-03', rows: [], totalCount: 0, done: 0, total: 0 }),
      'customerCasinos.reconciliations': () => ({ reconciliations: [], totalCount: 0 }),
      'audit.lastLedgerCheck': () => null,
    });
    renderApp('/casinos');
    const link = await screen.findByRole('link', { name: 'Dashboard' });
    fireEvent.mouseEnter(link);
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual(
        expect.arrayContaining([
          'transactions.recent',
          'redemptions.inTransit',
          'checkIns.board',
          'customerCasinos.reconciliations',
          'audit.lastLedgerCheck',
        ]),
      ),
    );
    expect(screen.getByText('Manage gaming platforms')).toBeTruthy();
  });

  it("hovering Audit Trail as an admin starts its names' and first page's reads before the click", async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => [],
      'customers.list': () => [],
      'transactionTypes.list': () => [],
      'users.list': () => [],
      'audit.list': () => ({ entries: [], totalCount: 0 }),
    });
    renderApp('/casinos');
    fireEvent.mouseEnter(await screen.findByRole('link', { name: 'Audit Trail' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'audit.list')?.input).toEqual({ limit: AUDIT_PAGE_SIZE, offset: 0 }));
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['customers.list', 'transactionTypes.list', 'users.list']));
    expect(screen.getByText('Manage gaming platforms')).toBeTruthy();
  });

  it("no admin screen reads beside the sign-in check unless this browser's last check said admin (decision 251)", async () => {
    const admin = [usersRoute, auditRoute, accessLogRoute, deletedTransactionsRoute, booksRoute, profitabilityRoute];
    const beside = (route: (typeof admin)[number]) => readsOf(route.options.loader)!({ queryClient, trpc }, {});
    mockTrpc({ 'users.list': () => [], 'books.get': () => ({ closedThrough: null, closedBefore: null, history: [] }) });
    // Never checked here, then a staff member's check.
    for (const role of [null, 'staff'] as const) {
      if (role) rememberRole(role);
      for (const route of admin) expect(beside(route), `${route.id} as ${role}`).toEqual([]);
    }
    expect(calls).toEqual([]);
    rememberRole('admin');
    await Promise.allSettled([...beside(usersRoute), ...beside(booksRoute)]);
    expect(calls.map((c) => c.path).sort()).toEqual(['books.get', 'users.list']);
    // A new sign-in forgets it, and so does signing out.
    setToken('t');
    expect(beside(usersRoute)).toEqual([]);
    rememberRole('admin');
    clearToken();
    expect(beside(usersRoute)).toEqual([]);
  });

  it("with a stale admin hint and a staff member's token, the refused read changes nothing: Access Denied shows and the hint becomes staff", async () => {
    mockTrpc({
      'auth.user': () => STAFF,
      'users.list': () => {
        throw new TrpcFailure(403, 'Admins only');
      },
    });
    rememberRole('admin');
    renderApp('/admin/users');
    expect((await screen.findAllByText('Access Denied')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.path === 'users.list')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(lastCheckSaidAdmin()).toBe(false);
  });

  it("an admin screen's first reads leave for an admin once the check has answered, never for staff", () => {
    const asked: string[] = [];
    const load = admins.startReads(() => [Promise.resolve(asked.push('read'))]);
    const ctx = { queryClient, trpc };
    expect(load({ context: { ...ctx, denied: false, user: ADMIN }, deps: undefined })).toEqual({ leave: null });
    expect(asked).toEqual(['read']);
    load({ context: { ...ctx, denied: true, user: STAFF }, deps: undefined });
    load({ context: { ...ctx, denied: false, user: null }, deps: undefined });
    expect(asked).toEqual(['read']);
  });

  it("the sign-in check remembers the role it answered with, for the next page's admin reads", async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [] });
    renderApp('/casinos');
    await screen.findByText('Manage gaming platforms');
    expect(lastCheckSaidAdmin()).toBe(true);
  });

  it('hovering Redemptions Report starts its read before the click', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [], 'redemptions.report': () => ({ rows: [], since: '2026-01-01' }) });
    renderApp('/casinos');
    fireEvent.mouseEnter(await screen.findByRole('link', { name: 'Redemptions Report' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('redemptions.report'));
    expect(screen.getByText('Manage gaming platforms')).toBeTruthy();
  });

  it("History's page is read by its loader with the URL's filters, one request shared with the screen", async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => [],
      'customers.list': () => [],
      'transactionTypes.list': () => [],
      'transactions.list': () => ({ transactions: [], totalCount: 0 }),
    });
    renderApp('/casinos');
    fireEvent.mouseEnter(await screen.findByRole('link', { name: 'Transaction History' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'transactions.list')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'transactions.list')?.input).toEqual({ limit: HISTORY_PAGE_SIZE, offset: 0 });
    fireEvent.click(screen.getByRole('link', { name: 'Transaction History' }));
    expect(await screen.findByText('View and filter all transactions')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Verifying authentication')).toBeNull());
    expect(calls.filter((c) => c.path === 'transactions.list')).toHaveLength(1);
  });
});
