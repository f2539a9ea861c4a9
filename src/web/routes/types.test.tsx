import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countBuilt } from '../testing/components';
import { casino } from '../testing/fixtures';
import { BUSY, busyUntilRecovered, calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { choose } from '../testing/select';
import { tableRows } from '../testing/table';
import type { TransactionTypeView } from '../lib/api-types';
import { CHANGED_UNDER } from '../components/version-notice';

const CASINOS = [casino(10, 'Lucky'), casino(11, 'Chumba')];
const TYPES: TransactionTypeView[] = [
  { id: 100, name: 'Purchase', casinoId: 10, version: 1 },
  { id: 101, name: 'Withdraw', casinoId: 10, version: 1 },
  { id: 102, name: 'Bonus', casinoId: 11, version: 1 },
];
const cells = () => tableRows('Transaction types').map((r) => r.slice(0, 2));

describe('Transaction Types screen (spec 2.12)', () => {
  it('lists each type with its casino, filters by casino, searches and counts', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'transactionTypes.list': () => TYPES, 'casinos.list': () => CASINOS });
    const { container } = renderApp('/types');
    await screen.findByText('Withdraw');
    await waitFor(() =>
      expect(cells()).toEqual([
        ['Purchase', 'Lucky'],
        ['Withdraw', 'Lucky'],
        ['Bonus', 'Chumba'],
      ]),
    );
    expect(screen.getByTestId('list-count').textContent).toBe('3 types');
    // The rows' buttons ask for the shared tooltip; no row builds a Tooltip of its own (decision 220).
    const tips = () => screen.getAllByRole('button', { name: /^(Edit|Delete) \w+ at / }).map((b) => b.getAttribute('data-tip'));
    expect(tips()).toEqual(['Edit type', 'Delete type', 'Edit type', 'Delete type', 'Edit type', 'Delete type']);
    const tooltips = countBuilt(container, '@mantine/core/Tooltip');
    await choose('Casino filter', 'Chumba');
    expect(cells()).toEqual([['Bonus', 'Chumba']]);
    expect(tips()).toEqual(['Edit type', 'Delete type']);
    expect(countBuilt(container, '@mantine/core/Tooltip')).toBe(tooltips);
    expect(screen.getByTestId('list-count').textContent).toBe('1 of 3 types');
    await choose('Casino filter', 'All casinos');
    fireEvent.change(screen.getByPlaceholderText('Search types...'), { target: { value: 'draw' } });
    expect(cells()).toEqual([['Withdraw', 'Lucky']]);
  });

  it('adds a type at the filtered casino and reads the list again', async () => {
    let list = TYPES;
    mockTrpc({
      'auth.user': () => ADMIN,
      'transactionTypes.list': () => list,
      'casinos.list': () => CASINOS,
      'transactionTypes.create': (input) => {
        const created = { id: 103, name: input.name, casinoId: Number(input.casinoId), version: 1 };
        list = [...list, created];
        return created;
      },
    });
    renderApp('/types');
    await screen.findByText('Withdraw');
    await choose('Casino filter', 'Chumba');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Type' })[0]);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Promo' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Type' }).at(-1)!);
    expect(await screen.findByText('Transaction type added')).toBeTruthy();
    expect(calls.find((c) => c.path === 'transactionTypes.create')?.input).toEqual({ name: 'Promo', casinoId: '11' });
    await waitFor(() =>
      expect(cells()).toEqual([
        ['Bonus', 'Chumba'],
        ['Promo', 'Chumba'],
      ]),
    );
  });

  it("deletes after asking; a refused delete shows the server's message and keeps the row", async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'transactionTypes.list': () => TYPES,
      'casinos.list': () => CASINOS,
      'transactionTypes.delete': () => {
        throw new TrpcFailure(409, 'This type is used by 3 transactions');
      },
    });
    renderApp('/types');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Withdraw at Lucky' }));
    expect(await screen.findByText('Are you sure you want to delete the type "Withdraw" at Lucky? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete transaction type. This type is used by 3 transactions')).toBeTruthy();
    expect(calls.find((c) => c.path === 'transactionTypes.delete')?.input).toEqual({ id: 101 });
    expect(cells()).toHaveLength(3);
  });

  it("a rename refused because someone renamed it first shows the server's message, reloads their name and keeps what was typed", async () => {
    let list = TYPES;
    const renames: unknown[] = [];
    mockTrpc({
      'auth.user': () => ADMIN,
      'transactionTypes.list': () => list,
      'casinos.list': () => CASINOS,
      'transactionTypes.rename': (input) => {
        renames.push(input);
        if (input.version !== 2) {
          // A colleague renamed it meanwhile: the list now has their name at version 2.
          list = list.map((t) => (t.id === 101 ? { ...t, name: 'Withdrawal', version: 2 } : t));
          throw new TrpcFailure(409, 'Changed by Bea Admin at 10:02 on 26 Nov 2026; reload to see the current values');
        }
        list = list.map((t) => (t.id === 101 ? { ...t, name: String(input.name), version: 3 } : t));
        return list.find((t) => t.id === 101)!;
      },
    });
    renderApp('/types');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Withdraw at Lucky' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Cash out' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText(
        'Failed to update transaction type. Changed by Bea Admin at 10:02 on 26 Nov 2026; reload to see the current values',
      ),
    ).toBeTruthy();
    expect(await screen.findByText(CHANGED_UNDER)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload current values' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Withdrawal'));
    expect(screen.getByTestId('typed-values').textContent).toBe('Name: Cash out');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cash out' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Transaction type updated')).toBeTruthy();
    expect(renames).toEqual([
      { id: 101, name: 'Cash out', version: 1 },
      { id: 101, name: 'Cash out', version: 2 },
    ]);
    await waitFor(() => expect(cells()[1]).toEqual(['Cash out', 'Lucky']));
  });

  it("shows the server's message and Retry when the list fails; Retry loads it", async () => {
    const busy = busyUntilRecovered();
    mockTrpc({
      'auth.user': () => ADMIN,
      'transactionTypes.list': busy.answer(() => TYPES),
      'casinos.list': () => CASINOS,
    });
    renderApp('/types');
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.queryByText('No transaction types found')).toBeNull();
    busy.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Withdraw')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('3 types');
  });
});

describe('Copy from a casino', () => {
  it('lists the names the casino lacks, sends one copy and reads the list again', async () => {
    let list = TYPES;
    mockTrpc({
      'auth.user': () => ADMIN,
      'transactionTypes.list': () => list,
      'casinos.list': () => CASINOS,
      'casinos.copyTypes': () => {
        const created = [
          { id: 103, name: 'Purchase', casinoId: 11, version: 1 },
          { id: 104, name: 'Withdraw', casinoId: 11, version: 1 },
        ];
        list = [...list, ...created];
        return { created, skipped: 0 };
      },
    });
    renderApp('/types');
    await screen.findByText('Withdraw');
    await choose('Casino filter', 'Chumba');
    fireEvent.click(screen.getByRole('button', { name: 'Copy from a casino' }));
    await choose('Copy from', 'Lucky');
    expect((await screen.findByTestId('copy-types-preview')).textContent).toBe(
      'Adds Purchase, Withdraw. Types Chumba already has are left as they are.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 types' }));
    expect(await screen.findByText('2 types added to Chumba')).toBeTruthy();
    expect(calls.find((c) => c.path === 'casinos.copyTypes')?.input).toEqual({ id: 11, fromCasinoId: 10 });
    await waitFor(() => expect(screen.getByTestId('list-count').textContent).toBe('3 of 5 types'));
  });

  it('asks for the casino to copy from before sending anything', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'transactionTypes.list': () => TYPES, 'casinos.list': () => CASINOS });
    renderApp('/types');
    await screen.findByText('Withdraw');
    fireEvent.click(screen.getByRole('button', { name: 'Copy from a casino' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy types' }));
    expect(await screen.findByText('Choose the casino that gets the types')).toBeTruthy();
    expect(screen.getByText('Choose a casino to copy from')).toBeTruthy();
    expect(calls.some((c) => c.path === 'casinos.copyTypes')).toBe(false);
  });
});
