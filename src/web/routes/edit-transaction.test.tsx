import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { casino, customer, transaction } from '../testing/fixtures';
import { calls, mockTrpc, TrpcFailure, type TrpcMocks } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { queryClient, trpc } from '../trpc';

const original = transaction(7, { usdChange: '-10.99', unplayedCoinsChange: '12000.00', playedCoinsChange: '0.00' });

function mockEdit(more: TrpcMocks = {}) {
  mockTrpc({
    'auth.user': () => ADMIN,
    'customers.list': () => [customer(1, 'Alice')],
    'casinos.list': () => [casino(10, 'Lucky')],
    'customerCasinos.list': () => [
      { customerId: 1, casinoId: 10, status: 'active', currentUnplayedCoins: '12000.00', currentPlayedCoins: '0.00', version: 1 },
    ],
    'transactionTypes.list': () => [{ id: 100, name: 'Purchase', casinoId: 10, version: 1 }],
    'transactions.list': () => ({ transactions: [original], totalCount: 1 }),
    'transactions.update': (input) => transaction(7, { usdChange: String(input.usdChange) }),
    'transactions.get': () => original,
    'customerCasinos.balanceBefore': () => ({ unplayed: '0.00', played: '0.00' }),
    ...more,
  });
}

async function openEdit() {
  renderApp('/transactions/history');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit transaction 7' }));
  return screen.findByLabelText<HTMLInputElement>('Change in USD ($)');
}

describe('Edit Transaction dialog', () => {
  it('keeps a mistyped amount as typed, names the problem and saves nothing', async () => {
    mockEdit();
    const usd = await openEdit();
    expect(usd.value).toBe('-10.99');
    expect(usd.type).toBe('text');
    for (const [typed, message] of [
      ['--11', 'Must be a valid number'],
      ['-20.00-24', 'Must be a valid number'],
      ['1,50', 'Must be a valid number: use a dot for decimals (1.50)'],
    ]) {
      fireEvent.change(usd, { target: { value: typed } });
      fireEvent.blur(usd);
      expect(await screen.findByText(message)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(usd.value).toBe(typed);
    }
    expect(calls.some((c) => c.path === 'transactions.update')).toBe(false);
  });

  it('saves exactly what was typed, and an emptied amount as 0 (spec 5)', async () => {
    mockEdit();
    const usd = await openEdit();
    fireEvent.change(usd, { target: { value: '-24' } });
    fireEvent.change(screen.getByLabelText('Change in Played Coins'), { target: { value: '' } });
    expect(screen.getByLabelText<HTMLInputElement>('Change in Played Coins').placeholder).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // 12,000 SC for $24 is a ratio of 0.50: asked first, saved on Save anyway.
    expect((await screen.findByTestId('entry-concerns')).textContent).toContain('Its purchase ratio is 0.50, below the 1.1 threshold.');
    expect(calls.some((c) => c.path === 'transactions.update')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Transaction updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'transactions.update')?.input).toEqual({
      id: 7,
      customerId: '1',
      casinoId: '10',
      transactionTypeId: '100',
      usdChange: '-24',
      unplayedCoinsChange: '12000.00',
      playedCoinsChange: '0',
      version: 1,
    });
  });

  it('puts a field error from the server under its field', async () => {
    mockEdit({
      'transactions.update': () => {
        throw new TrpcFailure(400, 'Validation failed', [
          { path: 'usdChange', message: 'Must be between -1,000,000,000 and 1,000,000,000' },
        ]);
      },
    });
    const usd = await openEdit();
    fireEvent.change(usd, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Must be between -1,000,000,000 and 1,000,000,000')).toBeTruthy();
    expect(usd.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Failed to update transaction. [usdChange] Must be between -1,000,000,000 and 1,000,000,000')).toBeTruthy();
  });

  it('asks before deleting with the focus on Cancel, so Enter twice deletes nothing', async () => {
    mockEdit({ 'transactions.delete': () => ({ id: 7 }) });
    await openEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Are you sure you want to delete this transaction\? This action cannot be undone/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(calls.some((c) => c.path === 'transactions.delete')).toBe(false);
  });
});

describe('Edit Transaction dialog: Date (decision 050)', () => {
  it('sends a changed date as occurredAt (an untouched date is not sent: see "saves exactly what was typed")', async () => {
    mockEdit();
    await openEdit();
    const date = screen.getByLabelText<HTMLInputElement>('Date');
    fireEvent.change(date, { target: { value: '2026-10-05T08:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Transaction updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'transactions.update')?.input).toMatchObject({
      id: 7,
      occurredAt: new Date('2026-10-05T08:15').toISOString(),
    });
  });

  it('refuses a date in the future under the field, saving nothing', async () => {
    mockEdit();
    await openEdit();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2999-01-01T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Must not be in the future')).toBeTruthy();
    expect(calls.some((c) => c.path === 'transactions.update')).toBe(false);
  });
});

describe('Edit Transaction dialog: what it shows and refreshes', () => {
  it("previews balances from the pair's balance just before this entry at its date, from the server, to the cent", async () => {
    mockEdit({
      'customerCasinos.balanceBefore': (input) =>
        input.at === original.date ? { unplayed: '3000.50', played: '250.25' } : { unplayed: '100.00', played: '0.00' },
    });
    const usd = await openEdit();
    expect(usd.value).toBe('-10.99');
    // Base 3,000.50 / 250.25 before the entry; the entry adds 12,000 back.
    await waitFor(() => expect(screen.getByTestId('preview-unplayed').textContent).toBe('15,000.50'));
    expect(screen.getByTestId('preview-played').textContent).toBe('250.25');
    expect(screen.getByTestId('preview-total').textContent).toBe('15,250.75');
    expect(calls.find((c) => c.path === 'customerCasinos.balanceBefore')?.input).toEqual({
      customerId: 1,
      casinoId: 10,
      at: original.date,
      transactionId: 7,
    });
    fireEvent.change(screen.getByLabelText('Change in Unplayed Coins'), { target: { value: '5000.01' } });
    expect(screen.getByTestId('preview-unplayed').textContent).toBe('8,000.51');
    expect(screen.getByTestId('preview-total').textContent).toBe('8,250.76');
    // Moved to another date: the balance at that date.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-02-01T09:00' } });
    await waitFor(() => expect(screen.getByTestId('preview-unplayed').textContent).toBe('5,100.01'));
    expect(calls.filter((c) => c.path === 'customerCasinos.balanceBefore').at(-1)?.input).toMatchObject({
      at: new Date('2026-02-01T09:00').toISOString(),
      transactionId: 7,
    });
  });

  it('after a save the History grid and the balances are read again, showing the saved amount', async () => {
    let saved = original;
    let links = 0;
    mockEdit({
      'transactions.list': () => ({ transactions: [saved], totalCount: 1 }),
      'customerCasinos.list': () => {
        links += 1;
        return [
          { customerId: 1, casinoId: 10, status: 'active', currentUnplayedCoins: '12000.00', currentPlayedCoins: '0.00', version: 1 },
        ];
      },
      'transactions.update': (input) => {
        saved = transaction(7, { ...original, usdChange: String(input.usdChange) });
        return saved;
      },
    });
    const usd = await openEdit();
    expect(screen.getAllByText('-10.99').length).toBeGreaterThan(0);
    fireEvent.change(usd, { target: { value: '-24.37' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Transaction updated successfully')).toBeTruthy();
    expect(await screen.findByText('-24.37')).toBeTruthy();
    expect(screen.queryByText('-10.99')).toBeNull();
    expect(calls.filter((c) => c.path === 'transactions.list').length).toBe(2);
    await waitFor(() => expect(links).toBe(2));
  });

  it('asks before saving an edit that changes nothing; Escape goes back to the dialog with what was typed', async () => {
    mockEdit();
    await openEdit();
    for (const label of ['Change in USD ($)', 'Change in Unplayed Coins', 'Change in Played Coins']) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: '0' } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByTestId('entry-concerns')).textContent).toContain('This entry changes nothing');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Save this entry?' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('entry-concerns')).toBeNull());
    expect((await screen.findByLabelText<HTMLInputElement>('Change in USD ($)')).value).toBe('0');
    expect(calls.some((c) => c.path === 'transactions.update')).toBe(false);
  });

  it('does not ask again about what the entry already had: a correction that keeps its low ratio saves at once', async () => {
    mockEdit();
    await openEdit();
    // -10.99 for 12,000 SC is a ratio of 1.09, below 1.1, as saved; the played coins change alone.
    fireEvent.change(screen.getByLabelText('Change in Played Coins'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Transaction updated successfully')).toBeTruthy();
    expect(screen.queryByTestId('entry-concerns')).toBeNull();
    expect(calls.find((c) => c.path === 'transactions.update')?.input).toMatchObject({ usdChange: '-10.99', playedCoinsChange: '5' });
  });

  it('on a 409 shows who changed it, keeps what was typed, and reloads the current values on request, listing what was typed', async () => {
    // A colleague saved version 2 (USD -15.00) after this History page was read.
    let current = original;
    mockEdit({
      'transactions.get': () => current,
      'transactions.update': () => {
        current = transaction(7, { ...original, usdChange: '-15.00', version: 2 });
        throw new TrpcFailure(
          409,
          'Ada Admin changed this transaction on Nov 26, 2026, 3:41 AM, after you opened it. Nothing was saved: reload it to see the current values.',
        );
      },
    });
    const usd = await openEdit();
    fireEvent.change(usd, { target: { value: '-10.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const notice = await screen.findByText(/^Ada Admin changed this transaction on Nov 26, 2026, 3:41 AM/);
    expect(notice.textContent).toBe(
      'Ada Admin changed this transaction on Nov 26, 2026, 3:41 AM, after you opened it. Nothing was saved: reload it to see the current values.',
    );
    expect(calls.find((c) => c.path === 'transactions.update')?.input).toMatchObject({ usdChange: '-10.00', version: 1 });
    expect(usd.value).toBe('-10.00');

    fireEvent.click(screen.getByRole('button', { name: 'Reload current values' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Change in USD ($)').value).toBe('-15.00'));
    const typed = screen.getByTestId('typed-values');
    expect(typed.textContent).toContain('USD change: -10.00');
    expect(typed.textContent).toContain('Customer: Alice');
    expect(screen.queryByText('Changed by someone else')).toBeNull();
    // Saved again, it is based on version 2 now.
    mockEdit({
      'transactions.get': () => current,
      'transactions.update': (input) => transaction(7, { usdChange: String(input.usdChange), version: 3 }),
    });
    fireEvent.change(screen.getByLabelText('Change in USD ($)'), { target: { value: '-10.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Transaction updated successfully')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'transactions.update').at(-1)?.input).toMatchObject({ usdChange: '-10.50', version: 2 });
  });

  it('says so at once when the entry is changed by someone else while the dialog is open', async () => {
    let current = original;
    mockEdit({ 'transactions.get': () => current });
    await openEdit();
    expect(screen.queryByText('Changed by someone else')).toBeNull();
    // The change stream refreshes the entry's reads: its version has moved past the form's.
    current = transaction(7, { ...original, usdChange: '-15.00', version: 2 });
    await queryClient.invalidateQueries({ queryKey: trpc.transactions.get.queryKey({ id: 7 }) });
    expect(await screen.findByText('Changed by someone else')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Change in USD ($)').value).toBe('-10.99');
  });
});
