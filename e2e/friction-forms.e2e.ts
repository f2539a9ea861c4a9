import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

/**
 * What a new office user tripped over in the first hour (forms): dates typed or pasted into filters, the
 * preview of a back-dated entry, and the questions before a risky save.
 */
let s: Session;
let token: string;
const stamp = Date.now().toString(36);

interface Tx {
  id: number;
  date: string;
  usdChange: string;
  unplayedCoinsChange: string;
  unplayedCoinsAfter: string;
  playedCoinsAfter: string;
  totalCoinsAfter: string;
}
const ledgerOf = async (customerId: number) =>
  api<{ transactions: Tx[]; totalCount: number }>('GET', `/api/transactions?customerId=${customerId}&limit=100`, undefined, token);

/** A customer with an active link to a new casino that has a Purchase type. */
async function pair(name: string) {
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: `${name} ${stamp}`, email: '' }, token);
  const casino = await api<{ id: number }>('POST', '/api/casinos', { name: `${name} Casino ${stamp}` }, token);
  await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
  const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Purchase', casinoId: casino.id }, token);
  const entry = (unplayed: string, occurredAt?: string) =>
    api(
      'POST',
      '/api/transactions',
      {
        customerId: customer.id,
        casinoId: casino.id,
        transactionTypeId: type.id,
        unplayedCoinsChange: unplayed,
        playedCoinsChange: '0',
        usdChange: '0',
        ...(occurredAt ? { occurredAt } : {}),
      },
      token,
    );
  return { customer: customer.id, casino: casino.id, customerName: `${name} ${stamp}`, casinoName: `${name} Casino ${stamp}`, entry };
}

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

const fieldError = (page: Page, label: string) =>
  page.locator('.mantine-InputWrapper-root', { has: page.getByLabel(label, { exact: true }) }).locator('.mantine-InputWrapper-error');
const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Types into a field as a person does: the old text selected, then key by key. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}
/** Pastes: the whole text arrives in one input event, as a paste does. */
async function pasteInto(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('date fields take typing and pasting', () => {
  it("History's Start Date takes a typed 11/20/2026, End Date a pasted 2026-11-20; a partial date is named and changes nothing", async () => {
    const { page } = s;
    const p = await pair('Datum');
    for (const day of ['19', '20', '21']) await p.entry('100', `2026-11-${day}T12:00:00Z`);
    await page.goto(`${baseUrl()}/transactions/history?customerId=${p.customer}`);
    const rows = page.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);

    const start = page.getByLabel('Start Date', { exact: true });
    await typeInto(page, start, '11/20/2026');
    await expect.poll(() => search(page)).toEqual({ customerId: String(p.customer), startDate: '2026-11-20' });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await start.inputValue()).toBe('11/20/2026');

    const end = page.getByLabel('End Date', { exact: true });
    await pasteInto(page, end, '2026-11-20');
    await expect.poll(() => search(page)).toEqual({ customerId: String(p.customer), startDate: '2026-11-20', endDate: '2026-11-20' });
    await expect.poll(() => rows.count()).toBe(1);
    await start.click();
    expect(await end.inputValue()).toBe('11/20/2026');

    // Half a date: the message, and the filter, the URL and the rows stay as they were.
    await typeInto(page, start, '11/2');
    await expect.poll(() => fieldError(page, 'Start Date').textContent()).toBe('Enter a full date');
    await typeInto(page, start, '11/19/202');
    expect(await fieldError(page, 'Start Date').textContent()).toBe('Enter a full date');
    expect(search(page)).toEqual({ customerId: String(p.customer), startDate: '2026-11-20', endDate: '2026-11-20' });
    expect(await rows.count()).toBe(1);
    await page.keyboard.type('6');
    await expect.poll(() => search(page).startDate).toBe('2026-11-19');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await fieldError(page, 'Start Date').count()).toBe(0);
  });

  it("the check-in board's Day takes a typed 11/20/2026 and a pasted 2026-11-20, and shows that day's check-ins", async () => {
    const { page } = s;
    const kip = await api<{ id: number }>('POST', '/api/customers', { name: `Daykip ${stamp}`, email: '' }, token);
    const casinos: number[] = [];
    for (const name of ['Ash', 'Elm']) {
      const k = await api<{ id: number }>('POST', '/api/casinos', { name: `${name} Day ${stamp}` }, token);
      await api('POST', '/api/customer-casinos', { customerId: kip.id, casinoId: k.id, status: 'active' }, token);
      casinos.push(k.id);
    }
    await api('POST', '/api/check-ins', { customerId: kip.id, casinoId: casinos[0], unplayedCoins: '2.50', date: '2026-11-20' }, token);
    await page.goto(`${baseUrl()}/check-ins?customerId=${kip.id}`);
    const count = page.getByTestId('check-in-count');
    await count.filter({ hasText: '0 of 2 done' }).waitFor();

    const day = page.getByLabel('Day', { exact: true });
    await typeInto(page, day, '11/20/2026');
    await expect.poll(() => search(page)).toEqual({ customerId: String(kip.id), date: '2026-11-20' });
    await page.getByText('Check-ins on Nov 20, 2026 (office time)').waitFor();
    await count.filter({ hasText: '1 of 2 done' }).waitFor();

    // A partial day: named, nothing loads.
    await typeInto(page, day, '11/21');
    await expect.poll(() => fieldError(page, 'Day').textContent()).toBe('Enter a full date');
    expect(search(page).date).toBe('2026-11-20');
    expect(await count.textContent()).toBe('1 of 2 done');

    await pasteInto(page, day, '2026-11-21');
    await expect.poll(() => search(page).date).toBe('2026-11-21');
    await page.getByText('Check-ins on Nov 21, 2026 (office time)').waitFor();
    await count.filter({ hasText: '0 of 2 done' }).waitFor();
    await pasteInto(page, day, '2026-11-20');
    await count.filter({ hasText: '1 of 2 done' }).waitFor();
  });

  it('a date picked on the calendar applies; the calendar, loaded on its first opening, gives the focus back to its button', async () => {
    const { page } = s;
    const p = await pair('Calendar');
    for (const day of ['18', '19']) await p.entry('100', `2026-11-${day}T12:00:00Z`);
    await page.goto(`${baseUrl()}/transactions/history?customerId=${p.customer}`);
    const rows = page.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const button = page.getByRole('button', { name: 'Start Date: choose on a calendar' });
    const calendar = page.getByRole('dialog');
    const buttonFocused = () => button.evaluate((el) => el === document.activeElement);

    // The first opening fetches the calendar's code (decision 222); the focus moves into it, and back.
    await button.click();
    await calendar.waitFor();
    await expect.poll(() => calendar.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    await expect.poll(buttonFocused).toBe(true);

    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await calendar.getByRole('button', { name: '19 November 2026' }).click();
    await calendar.waitFor({ state: 'hidden' });
    await expect.poll(() => search(page)).toEqual({ customerId: String(p.customer), startDate: '2026-11-19' });
    expect(await page.getByLabel('Start Date', { exact: true }).inputValue()).toBe('11/19/2026');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(buttonFocused).toBe(true);
  });
});

describe('the entry forms', () => {
  it("a back-dated entry's preview equals the after-values the ledger stores for it", async () => {
    const { page } = s;
    const p = await pair('Backdate');
    await p.entry('10000', '2026-09-01T12:00:00Z');
    await p.entry('5000', '2026-10-01T12:00:00Z');
    await p.entry('2000.50', '2026-11-01T12:00:00Z');
    await page.goto(`${baseUrl()}/transactions/add`);
    await pick(page, 'Customer', p.customerName);
    await pick(page, 'Casino', p.casinoName);
    await pick(page, 'Transaction Type', 'Purchase');
    await page.getByLabel('Change in USD ($)').fill('-10');
    await page.getByLabel('Change in Unplayed Coins').fill('11000');
    // Today's balance: 17,000.50 + 11,000.
    await expect.poll(() => page.getByTestId('preview-unplayed').textContent()).toBe('28,000.50');
    await page.getByRole('button', { name: 'Date: now' }).click();
    await page.getByLabel('Date', { exact: true }).fill('2026-09-15T10:00');
    await expect.poll(() => page.getByTestId('preview-unplayed').textContent()).toBe('21,000.00');
    const preview = {
      unplayed: await page.getByTestId('preview-unplayed').textContent(),
      played: await page.getByTestId('preview-played').textContent(),
      total: await page.getByTestId('preview-total').textContent(),
    };
    await page.getByRole('button', { name: 'Save Transaction' }).click();
    await page.getByText('Transaction created successfully').waitFor();
    const saved = (await ledgerOf(p.customer)).transactions.find((t) => t.usdChange === '-10.00');
    const grouped = (v: string | undefined) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect({
      unplayed: grouped(saved?.unplayedCoinsAfter),
      played: grouped(saved?.playedCoinsAfter),
      total: grouped(saved?.totalCoinsAfter),
    }).toEqual(preview);
    expect(saved?.unplayedCoinsAfter).toBe('21000.00');

    // The Edit dialog previews the same entry from the balance before it, not today's.
    await page.goto(`${baseUrl()}/transactions/history?customerId=${p.customer}`);
    await page.getByRole('button', { name: `Edit transaction ${saved?.id}` }).click();
    await expect.poll(() => page.getByTestId('preview-unplayed').textContent()).toBe('21,000.00');
  });

  it('asks before saving 0 / 0 / 0, a balance below zero and a low ratio: Escape saves nothing, Enter saves', async () => {
    const { page } = s;
    const p = await pair('Careful');
    await p.entry('100');
    await page.goto(`${baseUrl()}/transactions/add`);
    await pick(page, 'Customer', p.customerName);
    await pick(page, 'Casino', p.casinoName);
    const usd = page.getByLabel('Change in USD ($)');
    const unplayed = page.getByLabel('Change in Unplayed Coins');
    const dialog = page.getByRole('dialog', { name: 'Save this entry?' });
    const cases: [string, string, string][] = [
      ['0', '0', 'This entry changes nothing: USD, unplayed and played coins are all 0.'],
      ['0', '-150', 'It takes Unplayed SC below zero: -50.00 after it.'],
      ['-20', '1000', 'Its purchase ratio is 0.05, below the 1.1 threshold.'],
    ];
    let saved = 1;
    for (const [dollars, coins, concern] of cases) {
      await pick(page, 'Transaction Type', 'Purchase');
      await usd.fill(dollars);
      await unplayed.fill(coins);
      await unplayed.press('Enter');
      await dialog.getByText(concern).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await ledgerOf(p.customer)).totalCount, concern).toBe(saved);
      expect(await unplayed.inputValue()).toBe(coins);

      await unplayed.press('Enter');
      await dialog.getByText(concern).waitFor();
      await page.keyboard.press('Enter');
      saved += 1;
      await expect.poll(async () => (await ledgerOf(p.customer)).totalCount, { timeout: 10_000 }).toBe(saved);
      await dialog.waitFor({ state: 'detached' });
    }
    const ledger = (await ledgerOf(p.customer)).transactions.map((t) => [t.usdChange, t.unplayedCoinsChange]);
    expect(ledger.slice(0, 3)).toEqual([
      ['-20.00', '1000.00'],
      ['0.00', '-150.00'],
      ['0.00', '0.00'],
    ]);
  });
});
