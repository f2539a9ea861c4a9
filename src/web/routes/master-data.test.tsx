import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { casino, customer, transaction } from '../testing/fixtures';
import { calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { optionsOf } from '../testing/select';

describe('Casino dialog', () => {
  it('takes SC per $1 as typed: "1.5" and "0" are refused with the message, never saved as 15 or 1', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [], 'casinos.create': (input) => casino(1, String(input.name)) });
    renderApp('/casinos');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Casino' }))[0]);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Lucky' } });
    const ratio = screen.getByLabelText<HTMLInputElement>('SC per $1');
    for (const typed of ['1.5', '0', '-3', '1e3']) {
      fireEvent.change(ratio, { target: { value: typed } });
      fireEvent.click(screen.getAllByRole('button', { name: 'Add Casino' }).at(-1)!);
      expect(await screen.findByText('SC ratio must be a positive whole number')).toBeTruthy();
      expect(ratio.value).toBe(typed);
    }
    expect(calls.some((c) => c.path === 'casinos.create')).toBe(false);
    fireEvent.change(ratio, { target: { value: '1500' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Casino' }).at(-1)!);
    expect(await screen.findByText('Casino created successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'casinos.create')?.input).toEqual({ name: 'Lucky', website: '', isActive: true, scRatio: '1500' });
  });

  it('shows the server refusing a look-alike name under Name', async () => {
    const message = 'A casino named "Chumba" already exists';
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => [casino(1, 'Chumba')],
      'casinos.create': () => {
        throw new TrpcFailure(409, message, [{ path: 'name', message }]);
      },
    });
    renderApp('/casinos');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Casino' }))[0]);
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'chumba ' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Casino' }).at(-1)!);
    await screen.findByText('Failed to create casino', { exact: false });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message, { exact: false }).length).toBeGreaterThan(0);
  });
});

describe('Customers with the same name', () => {
  it('asks before adding a second "Alice Anders", and adds only when confirmed', async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => [customer(1, 'Alice Anders', { email: 'alice@example.com' })],
      'customerCasinos.list': () => [],
      'casinos.list': () => [],
      'customers.create': (input) => customer(2, input.name),
    });
    renderApp('/customers');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Customer' }))[0]);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' alice anders' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Customer' }).at(-1)!);
    expect(
      await screen.findByText('A customer named Alice Anders already exists (alice@example.com). Save another customer with this name?'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === 'customers.create')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    expect(await screen.findByText('Customer created successfully')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'customers.create')).toHaveLength(1);
  });

  it('pickers tell customers of the same name apart by email, or by id without one', async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => [
        customer(1, 'Alice Anders', { email: 'alice@example.com' }),
        customer(2, 'alice anders'),
        customer(3, 'Bob'),
      ],
      'casinos.list': () => [],
      'transactionTypes.list': () => [],
      'transactions.list': () => ({ transactions: [transaction(1)], totalCount: 1 }),
    });
    renderApp('/transactions/history');
    await screen.findByRole('button', { name: 'Edit transaction 1' });
    expect(await optionsOf('Customer')).toEqual(['All customers', 'Alice Anders (alice@example.com)', 'alice anders (#2)', 'Bob']);
  });
});

describe('High SC threshold (spec 5: an integer; non-numeric or zero means 100)', () => {
  function mockHighSc() {
    mockTrpc({
      'auth.user': () => ADMIN,
      'reports.highSc': () => [],
      'reports.highScSummary': () => ({ accounts: 0, uniqueCustomers: 0, totalUSD: '0.00' }),
    });
  }

  it('applies a whole number, refuses "50.5" and "-50" with a message, and turns "abc" or "0" into 100', async () => {
    mockHighSc();
    const { router } = renderApp('/reports/high-sc');
    const input = await screen.findByLabelText<HTMLInputElement>('Minimum SC Value (USD)');
    expect(input.value).toBe('100');
    fireEvent.change(input, { target: { value: '250' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ threshold: 250 }));
    expect(await screen.findByText('0 casinos above $250')).toBeTruthy();

    fireEvent.change(input, { target: { value: '50.5' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
    expect(input.value).toBe('50.5');
    expect(router.state.location.search).toEqual({ threshold: 250 });

    fireEvent.change(input, { target: { value: '-50' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Must be a positive number')).toBeTruthy();
    expect(input.value).toBe('-50');

    for (const typed of ['abc', '0', '']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      await waitFor(() => expect(input.value).toBe('100'));
      await waitFor(() => expect(router.state.location.search).toEqual({}));
    }
    expect(calls.filter((c) => c.path === 'reports.highSc').map((c) => (c.input as { threshold: number }).threshold)).toContain(100);
  });
});
