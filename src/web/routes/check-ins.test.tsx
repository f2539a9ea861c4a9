import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { casino, customer } from '../testing/fixtures';
import { calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { renderApp, STAFF } from '../testing/render';
import { mediaQueryList } from '../testing/media';
import { choose } from '../testing/select';
import type { CheckInBoard, CheckInRowView } from '../lib/api-types';

const row = (casinoId: number, casinoName: string, more: Partial<CheckInRowView> = {}): CheckInRowView => ({
  customerId: 1,
  customerName: 'Alice Anders',
  casinoId,
  casinoName,
  done: false,
  transactionId: null,
  unplayedCoins: null,
  at: null,
  by: null,
  streak: 0,
  lastAt: null,
  ...more,
});

let board: CheckInBoard;
beforeEach(() => {
  board = {
    date: '2026-11-25',
    today: '2026-11-25',
    done: 1,
    total: 2,
    totalCount: 2,
    rows: [
      row(10, 'Chumba', {
        done: true,
        transactionId: 7,
        unplayedCoins: '4.90',
        at: '2026-11-25T11:59:00.000Z',
        by: 'Sam Staff',
        streak: 21,
        lastAt: '2026-11-25T11:59:00.000Z',
      }),
      row(11, 'Pulsz', { streak: 6, lastAt: '2026-11-25T04:53:00.000Z' }),
    ],
  };
  mockTrpc({
    'auth.user': () => STAFF,
    'customers.list': () => [customer(1, 'Alice Anders')],
    'casinos.list': () => [casino(10, 'Chumba'), casino(11, 'Pulsz')],
    'checkIns.board': () => board,
    'checkIns.record': (input) => {
      board = {
        ...board,
        done: 2,
        rows: board.rows.map((r) =>
          r.casinoId === input.casinoId ? { ...r, done: true, transactionId: 8, unplayedCoins: '2.50', streak: 7 } : r,
        ),
      };
      return { transactionId: 8, day: '2026-11-25', streak: 7 };
    },
  });
});

/** A phone: the app's `(max-width: 48em)` query matches. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width: 48em')));
}

const recorded = () => calls.filter((c) => c.path === 'checkIns.record').map((c) => c.input);
const boards = () => calls.filter((c) => c.path === 'checkIns.board').map((c) => c.input as Record<string, unknown>);

describe('the check-in board on a phone', () => {
  it('shows each link as a card with everything the grid shows, and no table that scrolls sideways', async () => {
    onPhone();
    renderApp('/check-ins');
    await waitFor(() => expect(screen.getAllByTestId('check-in-row')).toHaveLength(2));
    expect(document.querySelector('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Check-ins' })).toBeTruthy();
    const [chumba, pulsz] = screen.getAllByTestId('check-in-row');
    expect(chumba.getAttribute('role')).toBe('listitem');
    expect(chumba.getAttribute('aria-label')).toBe('Alice Anders at Chumba: checked in');
    expect(chumba.textContent).toContain('Done');
    // When and by whom, as the grid's Today column says it.
    expect(chumba.textContent).toMatch(/\d\d:59 (AM|PM) · Sam Staff/);
    expect(pulsz.textContent).not.toContain('·');
    expect(within(chumba).getByTestId('check-in-card-sc').textContent).toBe('4.90 SC');
    expect(chumba.textContent).toContain('Streak 21');
    expect(chumba.textContent).toMatch(/Last check-in Nov 25, 2026, \d\d:59 (AM|PM)/);
    expect(within(chumba).getByRole('button', { name: 'Correct: Alice Anders at Chumba' })).toBeTruthy();
    expect(pulsz.textContent).toContain('Not done');
    expect(within(pulsz).queryByTestId('check-in-card-sc')).toBeNull();
    expect(pulsz.textContent).toContain('Streak 6');
    expect(screen.getByTestId('check-in-count').textContent).toBe('1 of 2 done');
  });

  it('on a phone, a failed read shows the error and Retry, not an empty list', async () => {
    onPhone();
    mockTrpc({
      'auth.user': () => STAFF,
      'customers.list': () => [],
      'casinos.list': () => [],
      'checkIns.board': () => {
        throw new TrpcFailure(503, 'Database is busy, try again');
      },
    });
    renderApp('/check-ins');
    expect(await screen.findByText('Database is busy, try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Check-ins' })).toBeNull();
    expect(screen.queryByText('No check-ins to show')).toBeNull();
  });

  it('records a check-in by tapping alone: Check in opens the SC field, Check in again saves it', async () => {
    onPhone();
    renderApp('/check-ins');
    // The opening tap is cancelled: by the time the browser acts on it, the button submits the field.
    expect(fireEvent.click(await screen.findByRole('button', { name: 'Check in: Alice Anders at Pulsz' }))).toBe(false);
    fireEvent.change(await screen.findByLabelText('SC for Alice Anders at Pulsz'), { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in: Alice Anders at Pulsz' }));
    await waitFor(() => expect(recorded()).toEqual([{ customerId: 1, casinoId: 11, unplayedCoins: '2.50', date: '2026-11-25' }]));
    await waitFor(() => expect(screen.getByTestId('check-in-count').textContent).toBe('2 of 2 done'));
    expect(screen.queryByTestId('check-in-sc')).toBeNull();
    // Cancel closes the field without saving.
    fireEvent.click(screen.getByRole('button', { name: 'Correct: Alice Anders at Chumba' }));
    await screen.findByLabelText('Corrected SC of the day for Alice Anders at Chumba');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('check-in-sc')).toBeNull());
    expect(recorded()).toHaveLength(1);
  });

  it('shows its empty state alone when nothing is left, not an empty list', async () => {
    onPhone();
    board = { ...board, rows: [], totalCount: 0 };
    renderApp('/check-ins?status=missing');
    await screen.findByText('No check-ins to show');
    expect(screen.getByText('Every check-in is done')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Check-ins' })).toBeNull();
  });

  it('shows the count and the cards first, the day, filters and sort folded behind "Filters (N)"', async () => {
    onPhone();
    board = { ...board, date: '2026-11-20' };
    renderApp('/check-ins?date=2026-11-20&status=missing');
    const list = await screen.findByRole('list', { name: 'Check-ins' });
    expect(within(list).getAllByTestId('check-in-row')).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('check-in-count').textContent).toBe('1 of 2 done');
    expect(screen.queryByRole('textbox', { name: 'Day' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Sort by' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Day' }), { target: { value: '2026-11-19' } });
    await waitFor(() => expect(boards().at(-1)).toMatchObject({ date: '2026-11-19', status: 'missing' }));
  });

  it('sorts from a Sort by list, as the grid does from its headers', async () => {
    onPhone();
    renderApp('/check-ins');
    await screen.findAllByTestId('check-in-row');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await choose('Sort by', 'Streak (longest first)');
    await waitFor(() => expect(boards().at(-1)).toMatchObject({ sort: 'streak', desc: true }));
    await choose('Sort by', 'Casino (A-Z)');
    await waitFor(() => expect(boards().at(-1)).toMatchObject({ sort: 'casino' }));
    expect(boards().at(-1)?.desc).toBeUndefined();
  });
});

describe('a full page of check-ins on a phone', () => {
  it('builds the first 20 cards, and End still reaches the last link of the page', async () => {
    onPhone();
    // The marker after the 20th card is watched, never reported near: only the keys build more here.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const casinos = Array.from({ length: 30 }, (_, i) => row(100 + i, `Casino ${String(i + 1).padStart(2, '0')}`));
    board = { ...board, done: 0, total: 30, totalCount: 30, rows: casinos };
    renderApp('/check-ins');
    await waitFor(() => expect(screen.getAllByTestId('check-in-row')).toHaveLength(20));
    const first = screen.getAllByTestId('check-in-row')[0];
    first.focus();
    fireEvent.keyDown(first, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Alice Anders at Casino 30: not checked in'));
    expect(screen.getAllByTestId('check-in-row')).toHaveLength(30);
    vi.unstubAllGlobals();
  });
});

describe('the check-in board on a wider screen', () => {
  it('keeps the grid with its sortable headers, and its action button saves an open SC field', async () => {
    renderApp('/check-ins');
    const grid = await screen.findByRole('table', { name: 'Check-ins' });
    await waitFor(() => expect(within(grid).getAllByTestId('check-in-row')).toHaveLength(2));
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Customer', 'Casino', 'Today', 'SC', 'Streak', 'Last check-in', 'Action']);
    expect(screen.queryByLabelText('Sort by')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check in: Alice Anders at Pulsz' }));
    fireEvent.change(await screen.findByLabelText('SC for Alice Anders at Pulsz'), { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in: Alice Anders at Pulsz' }));
    await waitFor(() => expect(recorded()).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('check-in-count').textContent).toBe('2 of 2 done'));
  });

  it("names the day shown in the day column: Today on today's board, the day itself on a past one", async () => {
    board = { ...board, date: '2026-11-20' };
    renderApp('/check-ins?date=2026-11-20');
    const grid = await screen.findByRole('table', { name: 'Check-ins' });
    await waitFor(() => expect(within(grid).getAllByRole('columnheader')[2].textContent).toBe('Nov 20, 2026'));
    expect(within(grid).queryByText('Today')).toBeNull();
    expect(screen.getByText('Check-ins of Nov 20, 2026, customer by casino')).toBeTruthy();
    expect(screen.getByText('Check-ins on Nov 20, 2026 (office time)')).toBeTruthy();
    expect(screen.queryByText("Today's check-ins, customer by casino")).toBeNull();
  });

  it("Correct replaces the day's SC: the field opens with it, the confirmation says so, and the typed amount is sent", async () => {
    mockTrpc({
      'auth.user': () => STAFF,
      'customers.list': () => [customer(1, 'Alice Anders')],
      'casinos.list': () => [casino(10, 'Chumba'), casino(11, 'Pulsz')],
      'checkIns.board': () => board,
      'checkIns.record': (input) => {
        if (!input.correction)
          throw new TrpcFailure(409, "Already checked in on 2026-11-25 (4.90 SC); confirm to correct the day's SC to 7.50");
        return { transactionId: 9, day: '2026-11-25', streak: 21 };
      },
    });
    renderApp('/check-ins');
    fireEvent.click(await screen.findByRole('button', { name: 'Correct: Alice Anders at Chumba' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Corrected SC of the day for Alice Anders at Chumba');
    expect(field.value).toBe('4.90');
    fireEvent.change(field, { target: { value: '7.50' } });
    fireEvent.submit(field.closest('form')!);
    const dialog = await screen.findByRole('dialog', { name: "Correct the day's SC?" });
    expect(
      within(dialog).getByText("Alice Anders at Chumba is already checked in on 2026-11-25 with 4.90 SC. Correct the day's SC to 7.50?"),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct SC' }));
    await waitFor(() =>
      expect(recorded()).toEqual([
        { customerId: 1, casinoId: 10, unplayedCoins: '7.50', date: '2026-11-25' },
        { customerId: 1, casinoId: 10, unplayedCoins: '7.50', date: '2026-11-25', correction: true },
      ]),
    );
  });
});
