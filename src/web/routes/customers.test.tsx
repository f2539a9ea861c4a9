import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countBuilt } from '../testing/components';
import { casino, customer } from '../testing/fixtures';
import { BUSY, busyUntilRecovered, calls, mockTrpc } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { tableRows } from '../testing/table';

const CUSTOMERS = [
  customer(1, 'Alice Anders', { email: 'alice@example.com' }),
  customer(2, 'Bob Brown', { isActive: false }),
  customer(3, 'Cara Cole', { email: 'cara@example.com' }),
];
const LINKS = [
  { customerId: 1, casinoId: 10, status: 'active' as const, currentUnplayedCoins: '100.00', currentPlayedCoins: '0.00', version: 1 },
  { customerId: 1, casinoId: 11, status: 'active' as const, currentUnplayedCoins: '0.00', currentPlayedCoins: '0.00', version: 1 },
  { customerId: 3, casinoId: 10, status: 'inactive' as const, currentUnplayedCoins: '0.00', currentPlayedCoins: '0.00', version: 1 },
];

const firstCells = () => tableRows('Customers').map((r) => r.slice(0, 4));

describe('Customers screen (spec 2.10)', () => {
  it('lists each customer with email, active casinos and status, counts, searches and sorts', async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => CUSTOMERS,
      'customerCasinos.list': () => LINKS,
      'casinos.list': () => [],
    });
    renderApp('/customers');
    await screen.findByText('alice@example.com');
    await waitFor(() => expect(firstCells()[0][2]).toBe('2'));
    expect(firstCells()).toEqual([
      ['Alice Anders', 'alice@example.com', '2', 'Active'],
      ['Bob Brown', '—', '0', 'Inactive'],
      ['Cara Cole', 'cara@example.com', '0', 'Active'],
    ]);
    expect(screen.getByTestId('list-count').textContent).toBe('3 customers');

    fireEvent.change(screen.getByPlaceholderText('Search customers by name or email...'), { target: { value: 'cara@' } });
    expect(firstCells().map((r) => r[0])).toEqual(['Cara Cole']);
    expect(screen.getByTestId('list-count').textContent).toBe('1 of 3 customers');
    fireEvent.change(screen.getByPlaceholderText('Search customers by name or email...'), { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: /^Active casinos/ }));
    expect(firstCells().map((r) => r[2])).toEqual(['0', '0', '2']);
    fireEvent.click(screen.getByRole('button', { name: /^Active casinos/ }));
    expect(firstCells().map((r) => r[0])[0]).toBe('Alice Anders');
    expect(firstCells().map((r) => r[2])).toEqual(['2', '0', '0']);
  });

  it('deactivates after asking, with the spec toast, and reads the list again', async () => {
    let list = CUSTOMERS;
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => list,
      'customerCasinos.list': () => LINKS,
      'casinos.list': () => [],
      'customers.update': (input) => {
        list = list.map((c) => (c.id === input.id ? { ...c, isActive: Boolean(input.isActive) } : c));
        return list.find((c) => c.id === input.id)!;
      },
    });
    const { container } = renderApp('/customers');
    const toggle = await screen.findByRole('switch', { name: 'Deactivate Cara Cole' });
    // No row builds its confirmation (a Mantine Modal) before it is asked for: asking builds one (decision 220).
    const built = countBuilt(container, '@mantine/core/Modal');
    fireEvent.click(toggle);
    expect(await screen.findByText('Are you sure you want to deactivate Cara Cole?')).toBeTruthy();
    expect(countBuilt(container, '@mantine/core/Modal')).toBe(built + 1);
    expect(calls.some((c) => c.path === 'customers.update')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Customer status updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'customers.update')?.input).toEqual({ id: 3, isActive: false });
    await waitFor(() => expect(firstCells()[2]).toEqual(['Cara Cole', 'cara@example.com', '0', 'Inactive']));
    expect(calls.filter((c) => c.path === 'customers.list')).toHaveLength(2);
  });

  it("shows the server's message and Retry when the list fails, never 'No customers yet'; Retry loads it", async () => {
    const busy = busyUntilRecovered();
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': busy.answer(() => CUSTOMERS),
      'customerCasinos.list': () => LINKS,
      'casinos.list': () => [casino(10, 'Lucky')],
    });
    renderApp('/customers');
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.queryByText('No customers yet')).toBeNull();
    expect(screen.getByTestId('list-count').textContent).toBe('');
    busy.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('alice@example.com')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('3 customers');
  });

  it("asks for the screen's first reads beside the sign-in check, not once it has answered", async () => {
    let signedIn: (user: typeof ADMIN) => void = () => undefined;
    mockTrpc({
      'auth.user': () => new Promise((resolve) => (signedIn = resolve)),
      'customers.list': () => CUSTOMERS,
      'customerCasinos.list': () => LINKS,
      'casinos.list': () => [],
    });
    renderApp('/customers');
    await waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['auth.user', 'customerCasinos.list', 'customers.list']));
    signedIn(ADMIN);
    expect(await screen.findByText('alice@example.com')).toBeTruthy();
    // The loader's own reads found them read: nothing was asked twice.
    expect(calls.filter((c) => c.path === 'customers.list')).toHaveLength(1);
  });

  it('shows no count while the list is loading, then the count', async () => {
    let answer: (rows: typeof CUSTOMERS) => void = () => undefined;
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => new Promise((resolve) => (answer = resolve)),
      'customerCasinos.list': () => LINKS,
      'casinos.list': () => [],
    });
    renderApp('/customers');
    expect(await screen.findByText('Loading customers...')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('');
    answer(CUSTOMERS);
    expect(await screen.findByText('alice@example.com')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('3 customers');
  });
});
