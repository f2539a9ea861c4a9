import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { transaction } from '../testing/fixtures';
import { calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { choose, fieldValue, optionsOf } from '../testing/select';
import { mediaQueryList } from '../testing/media';
import type { CasinoView, CustomerView, LinkView } from '../lib/api-types';

const at = '2026-01-01T00:00:00.000Z';
const customers: CustomerView[] = [
  { id: 1, name: 'Alice', email: null, isActive: true, createdAt: at, version: 1 },
  { id: 2, name: 'Bob', email: null, isActive: true, createdAt: at, version: 1 },
];
const casinos: CasinoView[] = [
  { id: 10, name: 'Lucky', website: null, isActive: true, scRatio: 1000, createdAt: at, version: 1 },
  { id: 11, name: 'Star', website: null, isActive: true, scRatio: 1000, createdAt: at, version: 1 },
  { id: 12, name: 'Moon', website: null, isActive: true, scRatio: 1000, createdAt: at, version: 1 },
];
const link = (customerId: number, casinoId: number, status: LinkView['status'], unplayed = '0.00', played = '0.00'): LinkView => ({
  customerId,
  casinoId,
  status,
  currentUnplayedCoins: unplayed,
  currentPlayedCoins: played,
  version: 1,
});
const links = [link(1, 10, 'active', '1000.00', '50.00'), link(1, 11, 'active'), link(1, 12, 'banned'), link(2, 11, 'active')];
const types = [
  { id: 100, name: 'Purchase', casinoId: 10, version: 1 },
  { id: 101, name: 'Bonus', casinoId: 10, version: 1 },
  { id: 110, name: 'Purchase', casinoId: 11, version: 1 },
];

function mockLedger(overrides: Parameters<typeof mockTrpc>[0] = {}) {
  mockTrpc({
    'auth.user': () => ADMIN,
    'customers.list': () => customers,
    'casinos.list': () => casinos,
    'customerCasinos.list': () => links,
    'transactionTypes.list': (input) => types.filter((t) => !input || t.casinoId === (input as { casinoId: number }).casinoId),
    'transactions.list': () => ({ transactions: [], totalCount: 0 }),
    'transactions.create': () => transaction(1),
    'customerCasinos.balanceBefore': () => ({ unplayed: '400.00', played: '7.25' }),
    ...overrides,
  });
}

/** Opens Add Transaction for Alice at Lucky, with the type when given. */
async function startEntry(type?: string) {
  renderApp('/transactions/add');
  await choose('Customer', 'Alice');
  await choose('Casino', 'Lucky');
  if (type) await choose('Transaction Type', type);
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Types the three amounts (a purchase of 22,000 SC for $20 unless told otherwise). */
function typeAmounts(usd = '-20', unplayed = '22000', played = '0') {
  typeInto('Change in USD ($)', usd);
  typeInto('Change in Unplayed Coins', unplayed);
  typeInto('Change in Played Coins', played);
}

beforeEach(() => localStorage.removeItem('transaction-draft'));

describe('Add Transaction form', () => {
  it("asks for the form's lists beside the sign-in check, so the form is built once with them", async () => {
    let signedIn: (user: typeof ADMIN) => void = () => undefined;
    mockLedger({ 'auth.user': () => new Promise((resolve) => (signedIn = resolve)) });
    renderApp('/transactions/add');
    await waitFor(() =>
      expect(calls.map((c) => c.path).sort()).toEqual([
        'auth.user',
        'casinos.list',
        'customerCasinos.list',
        'customers.list',
        'transactionTypes.list',
      ]),
    );
    expect(calls.find((c) => c.path === 'transactionTypes.list')?.input).toBeUndefined();
    signedIn(ADMIN);
    await choose('Customer', 'Alice');
    // The form's own reads found them read: nothing was asked twice.
    expect(calls.filter((c) => c.path === 'customers.list')).toHaveLength(1);
    expect(calls.filter((c) => c.path === 'customerCasinos.list')).toHaveLength(1);
  });

  it('offers only active linked casinos, cycles with Next Casino and clears the type', async () => {
    mockLedger();
    renderApp('/transactions/add');
    await screen.findByText('Select a customer to choose a casino');
    await choose('Customer', 'Alice');
    expect(await optionsOf('Casino')).toEqual(['Lucky', 'Star']);
    await choose('Casino', 'Lucky');
    await choose('Transaction Type', 'Bonus');

    // Its tip is the shared tooltip's: no Tooltip of its own to fetch with the form (decision 250).
    expect(screen.getByRole('button', { name: 'Next Casino' }).dataset.tip).toBe('Next Casino (Alt+N)');
    fireEvent.click(screen.getByRole('button', { name: 'Next Casino' }));
    expect(fieldValue('Casino')).toBe('Star');
    expect(fieldValue('Transaction Type')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Next Casino' }));
    expect(fieldValue('Casino')).toBe('Lucky');
  });

  it('gives Customer the focus on open, but not on a touch screen without a mouse', async () => {
    mockLedger({});
    renderApp('/transactions/add');
    const customer = await screen.findByLabelText<HTMLInputElement>('Customer', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(customer));
    cleanup();

    window.matchMedia = (query: string) => mediaQueryList(query, query === '(hover: none) and (pointer: coarse)');
    try {
      mockLedger({});
      renderApp('/transactions/add');
      const touched = await screen.findByLabelText<HTMLInputElement>('Customer', { selector: 'input' });
      // The effect that would focus it has run with the screen's first render; give it a moment more.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(document.activeElement).not.toBe(touched);
      expect(document.activeElement?.tagName).not.toBe('INPUT');
    } finally {
      window.matchMedia = (query: string) => mediaQueryList(query);
    }
  });

  it('keeps an Enter pressed before the customers arrive and chooses when they do, then moves the focus on', async () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    mockLedger({ 'customers.list': async () => (await arrived, customers) });
    renderApp('/transactions/add');
    const customer = await screen.findByLabelText<HTMLInputElement>('Customer', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(customer));
    fireEvent.change(customer, { target: { value: 'bo' } });
    fireEvent.keyDown(customer, { key: 'Enter', code: 'Enter' });
    expect(calls.filter((c) => c.path === 'transactions.create')).toHaveLength(0);
    expect(customer.value).toBe('bo');
    release();
    await waitFor(() => expect(customer.value).toBe('Bob'));
    const casino = screen.getByLabelText<HTMLInputElement>('Casino', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(casino));
    // Enter on the (highlighted) first match chooses it and never submits the form.
    fireEvent.change(casino, { target: { value: 'st' } });
    fireEvent.keyDown(casino, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(casino.value).toBe('Star'));
    expect(screen.queryByText('Transaction type is required')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Transaction Type', { selector: 'input' })));
  });

  it('clears a casino that the new customer has no active link to, and keeps one they share', async () => {
    mockLedger();
    await startEntry();
    await choose('Customer', 'Bob');
    expect(fieldValue('Casino')).toBe('');
    await choose('Casino', 'Star');
    await choose('Customer', 'Alice');
    expect(fieldValue('Casino')).toBe('Star');
  });

  it('previews a purchase: ratio to 2 decimals, colour and after-values', async () => {
    mockLedger();
    await startEntry();
    typeAmounts('-20', '22000', '0.5');
    await waitFor(() => expect(screen.getByTestId('preview-ratio').textContent).toBe('1.10'));
    expect(screen.getByTestId('preview-ratio-hint').textContent).toBe('Above 1.1 threshold');
    expect(screen.getByTestId('preview-ratio').getAttribute('style')).toContain('teal');
    expect(screen.getByTestId('preview-unplayed').textContent).toBe('23,000.00');
    expect(screen.getByTestId('preview-played').textContent).toBe('50.50');
    expect(screen.getByTestId('preview-total').textContent).toBe('23,050.50');

    typeInto('Change in Unplayed Coins', '21000');
    await waitFor(() => expect(screen.getByTestId('preview-ratio').textContent).toBe('1.05'));
    expect(screen.getByTestId('preview-ratio-hint').textContent).toBe('Below 1.1 threshold');
    expect(screen.getByTestId('preview-ratio').getAttribute('style')).toContain('red');
  });

  it("starts on the customer a customer page's Add transaction names, over a draft for someone else", async () => {
    mockLedger();
    localStorage.setItem('transaction-draft', JSON.stringify({ customerId: '1', casinoId: '10', transactionTypeId: '100' }));
    renderApp('/transactions/add?customerId=2');
    await waitFor(() => expect(fieldValue('Customer')).toBe('Bob'));
    expect(fieldValue('Casino')).toBe('');
    expect(fieldValue('Transaction Type')).toBe('');
  });

  it("on a phone, the Recent panel shows History's compact cards: the coin changes on one line, Played included", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width: 48em')));
    const entry = { ...transaction(1), unplayedCoinsChange: '22000.00', playedCoinsChange: '1234567.89' };
    mockLedger({ 'transactions.list': () => ({ transactions: [entry], totalCount: 1 }) });
    await startEntry();
    const list = await screen.findByRole('list', { name: 'Recent transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list.textContent).toContain('Unplayed 22,000.00 · Played 1,234,567.89');
    // Not the line-per-column card, whose last line is the row's actions under an "Actions" label.
    expect(within(list).queryByText('Actions')).toBeNull();
  });

  it('keeps customer and casino after a save and clears the rest', async () => {
    mockLedger();
    await startEntry('Purchase');
    typeAmounts();
    fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
    expect(await screen.findByText('Transaction created successfully')).toBeTruthy();
    const sent = calls.find((c) => c.path === 'transactions.create')?.input as Record<string, string>;
    expect(sent).toMatchObject({
      customerId: '1',
      casinoId: '10',
      transactionTypeId: '100',
      usdChange: '-20',
      unplayedCoinsChange: '22000',
      playedCoinsChange: '0',
    });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fieldValue('Customer')).toBe('Alice');
    expect(fieldValue('Casino')).toBe('Lucky');
    expect(fieldValue('Transaction Type')).toBe('');
    expect((screen.getByLabelText('Change in USD ($)') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Change in Unplayed Coins') as HTMLInputElement).value).toBe('0');
  });

  it('a fresh form holds a real 0 in each amount, shown in the box and sent as shown', async () => {
    mockLedger();
    await startEntry('Bonus');
    for (const label of ['Change in USD ($)', 'Change in Unplayed Coins', 'Change in Played Coins']) {
      const box = screen.getByLabelText<HTMLInputElement>(label);
      expect(box.value, label).toBe('0');
      expect(box.placeholder, label).toBe('');
    }
    typeInto('Change in Unplayed Coins', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
    expect(await screen.findByText('Transaction created successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'transactions.create')?.input).toMatchObject({
      usdChange: '0',
      unplayedCoinsChange: '500',
      playedCoinsChange: '0',
    });
  });

  it('asks before saving an entry that changes nothing, takes a balance below zero or has a low ratio; Go back and Escape save nothing', async () => {
    mockLedger();
    await startEntry('Purchase');
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
    const concerns = async () => (await screen.findByTestId('entry-concerns')).textContent;
    const created = () => calls.filter((c) => c.path === 'transactions.create').length;

    save();
    expect(await concerns()).toContain('This entry changes nothing: USD, unplayed and played coins are all 0.');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Save this entry?' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('entry-concerns')).toBeNull());

    // Today's balance at Lucky is 1,000.00 unplayed and 50.00 played.
    typeAmounts('0', '-2000', '-50.01');
    save();
    expect(await concerns()).toBe(
      'It takes Unplayed SC below zero: -1,000.00 after it.It takes Played SC below zero: -0.01 after it.Enter saves it as it is; Escape goes back to the form.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByTestId('entry-concerns')).toBeNull());
    expect(created()).toBe(0);

    typeAmounts('-20', '21000', '0');
    save();
    expect(await concerns()).toContain('Its purchase ratio is 1.05, below the 1.1 threshold.');
    expect(await concerns()).not.toContain('below zero');
    expect(created()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Transaction created successfully')).toBeTruthy();
    expect(created()).toBe(1);
    expect(calls.find((c) => c.path === 'transactions.create')?.input).toMatchObject({ usdChange: '-20', unplayedCoinsChange: '21000' });
  });

  it('dates an entry recorded late through "Date: now", then goes back to now', async () => {
    mockLedger();
    await startEntry('Purchase');
    typeAmounts();
    fireEvent.click(screen.getByRole('button', { name: 'Date: now' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-20T18:45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
    expect(await screen.findByText('Transaction created successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'transactions.create')?.input).toMatchObject({
      usdChange: '-20',
      occurredAt: new Date('2026-11-20T18:45').toISOString(),
    });
    // The form goes back to now as it renders after the save (the toast can show a moment before).
    await waitFor(() => expect(screen.queryByLabelText('Date')).toBeNull());
    expect(screen.getByRole('button', { name: 'Date: now' })).toBeTruthy();
  });

  it("previews a back-dated entry from the pair's balance at its date, asked of the server, not today's", async () => {
    mockLedger();
    await startEntry('Purchase');
    typeAmounts('-20', '22000', '1.50');
    // Today's balance at Lucky is 1,000.00 / 50.00.
    expect(screen.getByTestId('preview-unplayed').textContent).toBe('23,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Date: now' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-09-01T10:30' } });
    await waitFor(() => expect(screen.getByTestId('preview-unplayed').textContent).toBe('22,400.00'));
    expect(screen.getByTestId('preview-played').textContent).toBe('8.75');
    expect(screen.getByTestId('preview-total').textContent).toBe('22,408.75');
    expect(calls.filter((c) => c.path === 'customerCasinos.balanceBefore').at(-1)?.input).toEqual({
      customerId: 1,
      casinoId: 10,
      at: new Date('2026-09-01T10:30').toISOString(),
    });
    // Back to now: today's balance again, nothing more asked.
    const asked = calls.filter((c) => c.path === 'customerCasinos.balanceBefore').length;
    fireEvent.click(screen.getByRole('button', { name: 'Date: now' }));
    expect(screen.getByTestId('preview-unplayed').textContent).toBe('23,000.00');
    expect(calls.filter((c) => c.path === 'customerCasinos.balanceBefore')).toHaveLength(asked);
  });

  it('shows the spec messages for an empty form without calling the server', async () => {
    mockLedger();
    renderApp('/transactions/add');
    await screen.findByText('Select a customer to choose a casino');
    // The amounts start at 0; emptied, each is refused with the spec's message.
    for (const label of ['Change in USD ($)', 'Change in Unplayed Coins', 'Change in Played Coins']) typeInto(label, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
    for (const text of [
      'Customer is required',
      'Casino is required',
      'Transaction type is required',
      'USD change is required',
      'Unplayed coins change is required',
      'Played coins change is required',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(calls.some((c) => c.path === 'transactions.create')).toBe(false);
  });

  it('refuses a mistyped amount with its message, keeps what was typed and saves nothing', async () => {
    mockLedger();
    await startEntry('Purchase');
    typeInto('Change in Unplayed Coins', '22000');
    typeInto('Change in Played Coins', '0');
    const usd = screen.getByLabelText<HTMLInputElement>('Change in USD ($)');
    const cases: [string, string][] = [
      ['1,50', 'Must be a valid number: use a dot for decimals (1.50)'],
      ['-20.5.5', 'Must be a valid number'],
      ['1,000', 'Must be a valid number: leave out the thousands separators (1000)'],
      ['$20', 'Must be a valid number'],
      ['1e400', 'Must be a valid number'],
      ['--11', 'Must be a valid number'],
      ['-20.00-24', 'Must be a valid number'],
      ['-10.999', 'Must have at most 2 decimal places'],
      ['2000000000', 'Must be between -1,000,000,000 and 1,000,000,000'],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(usd, { target: { value: typed } });
      fireEvent.blur(usd);
      expect(await screen.findByText(message), typed).toBeTruthy();
      expect(usd.value).toBe(typed);
      fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.some((c) => c.path === 'transactions.create')).toBe(false);
  });

  it('names a balance the entry would take below zero before saving', async () => {
    mockLedger();
    await startEntry();
    typeInto('Change in Unplayed Coins', '-2324.44');
    await waitFor(() => expect(screen.getByTestId('preview-below-zero').textContent).toBe('Unplayed SC after: -1,324.44, below zero'));
    typeInto('Change in Played Coins', '-50.01');
    await waitFor(() =>
      expect(screen.getByTestId('preview-below-zero').textContent).toBe(
        'Unplayed SC after: -1,324.44, below zero; Played SC after: -0.01, below zero',
      ),
    );
    typeInto('Change in Unplayed Coins', '-1000');
    typeInto('Change in Played Coins', '-50');
    await waitFor(() => expect(screen.queryByTestId('preview-below-zero')).toBeNull());
  });

  it('puts a field error from the server under its field', async () => {
    mockLedger({
      'transactions.create': () => {
        throw new TrpcFailure(400, 'Validation failed', [{ path: 'transactionTypeId', message: 'This type belongs to another casino' }]);
      },
    });
    await startEntry('Purchase');
    typeAmounts('1', '1', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save Transaction' }));
    const message = await screen.findAllByText('[transactionTypeId] This type belongs to another casino');
    expect(message.length).toBe(1);
    expect(screen.getByLabelText('Transaction Type', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This type belongs to another casino')).toBeTruthy();
  });
});
