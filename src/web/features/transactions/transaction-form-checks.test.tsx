import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { calls, mockTrpc } from '../../testing/msw';
import { mediaQueryList } from '../../testing/media';
import { ADMIN, renderApp } from '../../testing/render';

// Its own file: the form's check, once fetched, stays for the module's life (decision 230).
describe("Add Transaction's check, fetched on the form's first use", () => {
  afterEach(() => {
    window.matchMedia = (query: string) => mediaQueryList(query);
  });

  it('a save before anything was touched waits for the check: the messages show and nothing is sent', async () => {
    // A phone: nothing takes the focus on open, so nothing has fetched the check yet.
    window.matchMedia = (query: string) => mediaQueryList(query, query === '(hover: none) and (pointer: coarse)');
    mockTrpc({
      'auth.user': () => ADMIN,
      'customers.list': () => [],
      'casinos.list': () => [],
      'customerCasinos.list': () => [],
      'transactionTypes.list': () => [],
      'transactions.list': () => ({ transactions: [], totalCount: 0 }),
    });
    renderApp('/transactions/add');
    await screen.findByText('Select a customer to choose a casino');
    fireEvent.submit(screen.getByRole('button', { name: 'Save Transaction' }).closest('form')!);
    expect(await screen.findByText('Customer is required')).toBeTruthy();
    expect(screen.getByText('Casino is required')).toBeTruthy();
    expect(calls.some((c) => c.path === 'transactions.create')).toBe(false);
  });
});
