import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

// An entry with a new customer and casino in at most 25 keystrokes, keyboard only.
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
const customer = `Quillon ${stamp}`;
const casinos = [`Zephyr ${stamp}`, `Zircon ${stamp}`];
let customerId: number;

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  customerId = (await api<{ id: number }>('POST', '/api/customers', { name: customer, email: '' }, token)).id;
  for (const name of casinos) {
    const { id } = await api<{ id: number }>('POST', '/api/casinos', { name, website: '', isActive: true, scRatio: 1000 }, token);
    await api('POST', '/api/transaction-types', { name: 'Purchase', casinoId: id }, token);
    await api('POST', '/api/transaction-types', { name: 'Bonus', casinoId: id }, token);
    await api('POST', '/api/customer-casinos', { customerId, casinoId: id, status: 'active' }, token);
  }
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

/** The label of the focused field (or the focused element's text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el?.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    return (label?.textContent ?? el?.textContent ?? '').trim();
  });

/** Counts every key pressed in the page (modifiers included, auto-repeat not), from here on. */
const startCounting = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { keystrokes: number };
    w.keystrokes = 0;
    window.addEventListener('keydown', (e) => void (e.repeat || w.keystrokes++), { capture: true });
  });
const takeCount = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { keystrokes: number };
    const n = w.keystrokes;
    w.keystrokes = 0;
    return n;
  });

/**
 * Waits, as a person watches, for the focus to land on `label`; the lists come from the read workers,
 * which on a loaded machine can take seconds (a spinner shows meanwhile).
 */
const focusMovesTo = (page: Page, label: string) => expect.poll(() => focused(page), { timeout: 15_000 }).toBe(label);

async function type(page: Page, text: string) {
  await page.keyboard.type(text);
}
/** Waits for the save to show in the Recent panel (the toast may still be there from the last one). */
async function saved(page: Page, count: number) {
  await page
    .getByTestId('recent-count')
    .filter({ hasText: new RegExp(`^${count} records?`) })
    .waitFor();
}

/** Holds the page's requests matching `url` until `release` (then they go on), as a slow line would. */
async function holdRequests(page: Page, url: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return { release: () => release(), stop: () => (release(), page.unroute(url)) };
}

/** The input labelled `label`. */
const inputOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator('input'));

/** Add Transaction with a fresh form (not the draft the last entry left), the focus on Customer. */
async function openFreshForm(page: Page) {
  await page.evaluate(() => localStorage.removeItem('transaction-draft'));
  await page.goto(`${baseUrl()}/transactions/add`);
  await focusMovesTo(page, 'Customer');
}

describe('keyboard-first entry', () => {
  // A fast typist: nothing waits for the page's lists. Enter pressed before a list has arrived chooses
  // once it arrives; the test waits only on what a person sees (the focus moving, the saved row).
  it('enters three transactions by keyboard alone, at most 25 keystrokes each, focus where it is needed', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/add`);
    await focusMovesTo(page, 'Customer');
    await startCounting(page);
    const counts: number[] = [];

    // 1: new customer and casino. Typing filters, Enter picks the highlighted match and moves on.
    await type(page, 'Qui');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Casino');
    await type(page, 'Zep');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Transaction Type');
    await type(page, 'Pur');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Change in USD ($)');
    await type(page, '-20');
    await page.keyboard.press('Tab');
    await type(page, '22000');
    await page.keyboard.press('Tab');
    await type(page, '0');
    await page.keyboard.press('Enter');
    counts.push(await takeCount(page));
    await saved(page, 1);
    await focusMovesTo(page, 'Transaction Type');
    expect(await page.getByLabel('Customer', { exact: true }).and(page.locator('input')).inputValue()).toBe(customer);
    expect(await page.getByLabel('Casino', { exact: true }).and(page.locator('input')).inputValue()).toBe(casinos[0]);

    // 2: same customer and casino, saved with Ctrl+Enter.
    await takeCount(page);
    await type(page, 'Bon');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Change in USD ($)');
    await type(page, '0');
    await page.keyboard.press('Tab');
    await type(page, '500');
    await page.keyboard.press('Tab');
    await type(page, '0');
    await page.keyboard.press('Control+Enter');
    counts.push(await takeCount(page));
    await saved(page, 2);
    await focusMovesTo(page, 'Transaction Type');

    // 3: Alt+N moves to the next casino and puts the focus on Transaction Type.
    await takeCount(page);
    await page.keyboard.press('Alt+N');
    await expect.poll(() => page.getByLabel('Casino', { exact: true }).and(page.locator('input')).inputValue()).toBe(casinos[1]);
    await focusMovesTo(page, 'Transaction Type');
    await type(page, 'Pur');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Change in USD ($)');
    await type(page, '-10.50');
    await page.keyboard.press('Tab');
    await type(page, '11550');
    await page.keyboard.press('Tab');
    await type(page, '0');
    await page.keyboard.press('Enter');
    counts.push(await takeCount(page));
    await saved(page, 1);

    console.log(`keystrokes per entry: ${counts.join(', ')}`);
    expect(counts).toEqual([24, 13, 21]);
    for (const n of counts) expect(n).toBeLessThanOrEqual(25);

    const { transactions } = await api<{
      transactions: { casino: { name: string }; transactionType: { name: string }; usdChange: string; unplayedCoinsChange: string }[];
    }>('GET', `/api/transactions?customerId=${customerId}&limit=10`, undefined, token);
    expect(transactions.map((t) => [t.casino.name, t.transactionType.name, t.usdChange, t.unplayedCoinsChange]).reverse()).toEqual([
      [casinos[0], 'Purchase', '-20.00', '22000.00'],
      [casinos[0], 'Bonus', '0.00', '500.00'],
      [casinos[1], 'Purchase', '-10.50', '11550.00'],
    ]);
  });

  // The pickers' code (Mantine's Select) comes when a picker is first used (decision 257): held back here,
  // what is typed meanwhile is kept, Enter on it chooses, and the real field takes over what was typed.
  it('keeps every key typed into a picker before its code is in', async () => {
    const { page } = s;
    const code = await holdRequests(page, /\/assets\/popup-[\w-]+\.js$/);
    const field = (label: string) => inputOf(page, label);
    try {
      await openFreshForm(page);
      await type(page, 'Quil');
      expect(await field('Customer').inputValue()).toBe('Quil');
      expect(await page.getByRole('listbox').count()).toBe(0);
      await page.keyboard.press('Enter');
      await focusMovesTo(page, 'Casino');
      expect(await field('Customer').inputValue()).toBe(customer);
      await type(page, 'Zir');
      await page.keyboard.press('Enter');
      await focusMovesTo(page, 'Transaction Type');
      expect(await field('Casino').inputValue()).toBe(casinos[1]);
      await type(page, 'Bo');
      code.release();
      // The real field, focused, with "Bo" typed into it and its list open on the match.
      await page.getByRole('option', { name: 'Bonus' }).waitFor();
      expect(await field('Transaction Type').inputValue()).toBe('Bo');
      await focusMovesTo(page, 'Transaction Type');
      await type(page, 'n');
      await page.keyboard.press('Enter');
      await focusMovesTo(page, 'Change in USD ($)');
      expect(await field('Transaction Type').inputValue()).toBe('Bonus');
    } finally {
      await code.stop();
    }
  });

  // Enter pressed while the list is on its way chooses once it arrives, though the picker's real field has
  // taken over from its stand-in meanwhile.
  it('an Enter pressed before the list and the code are in chooses once both are', async () => {
    const { page } = s;
    const code = await holdRequests(page, /\/assets\/popup-[\w-]+\.js$/);
    const list = await holdRequests(page, /\/trpc\/customers\.list/);
    const field = (label: string) => inputOf(page, label);
    try {
      await openFreshForm(page);
      await type(page, 'Quil');
      await page.keyboard.press('Enter');
      code.release();
      // The real field, focused: it names its list (the stand-in has none).
      await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('aria-controls'))).toBe(true);
      expect(await field('Customer').inputValue()).toBe('Quil');
      list.release();
      await focusMovesTo(page, 'Casino');
      expect(await field('Customer').inputValue()).toBe(customer);
    } finally {
      await code.stop();
      await list.stop();
    }
  });

  it('has a skip link as the first Tab stop and a "?" shortcuts dialog that Escape closes', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/history`);
    await page.getByText('Transaction History').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Next Casino').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
