import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

/**
 * Issue "What is typed is what is saved": each entry a tester typed into the real app, and what the
 * server then holds (read back through the API) or the message the screen shows.
 */
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
const names = { customer: `Tess ${stamp}`, casino: `Quartz ${stamp}` };
let ids: { customer: number; casino: number; type: number };

interface Tx {
  id: number;
  usdChange: string;
  unplayedCoinsChange: string;
  playedCoinsChange: string;
}
const transactions = async () =>
  (await api<{ transactions: Tx[]; totalCount: number }>('GET', `/api/transactions?customerId=${ids.customer}&limit=100`, undefined, token))
    .transactions;

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const casino = await api<{ id: number }>('POST', '/api/casinos', { name: names.casino, scRatio: 1000 }, token);
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: names.customer, email: `tess.${stamp}@example.com` }, token);
  await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
  const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Withdraw', casinoId: casino.id }, token);
  ids = { customer: customer.id, casino: casino.id, type: type.id };
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const fieldError = (page: Page, label: string | RegExp) =>
  page.locator('.mantine-InputWrapper-root', { has: page.getByLabel(label, { exact: true }) }).locator('.mantine-InputWrapper-error');

describe('what is typed is what is saved', () => {
  it('Add Transaction refuses mistyped amounts with a message, keeps them as typed, and saves a good one exactly', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/add`);
    await pick(page, 'Customer', names.customer);
    await pick(page, 'Casino', names.casino);
    await pick(page, 'Transaction Type', 'Withdraw');
    await page.getByLabel('Change in Unplayed Coins').fill('0');
    await page.getByLabel('Change in Played Coins').fill('0');
    const usd = page.getByLabel('Change in USD ($)');
    for (const [typed, message] of [
      ['1,50', 'Must be a valid number: use a dot for decimals (1.50)'],
      ['-20.5.5', 'Must be a valid number'],
      ['1,000', 'Must be a valid number: leave out the thousands separators (1000)'],
      ['$20', 'Must be a valid number'],
      ['1e400', 'Must be a valid number'],
    ]) {
      await usd.fill(typed);
      await page.getByRole('button', { name: 'Save Transaction' }).click();
      await expect.poll(() => fieldError(page, 'Change in USD ($)').textContent()).toBe(message);
      expect(await usd.inputValue()).toBe(typed);
    }
    expect(await transactions()).toEqual([]);

    // A withdrawal that takes the balance below zero is named before it is saved.
    await page.getByLabel('Change in Unplayed Coins').fill('-1324.44');
    await page.getByTestId('preview-below-zero').filter({ hasText: 'Unplayed SC after: -1,324.44, below zero' }).waitFor();
    await usd.fill('20.5');
    await page.getByRole('button', { name: 'Save Transaction' }).click();
    // Saving it asks first, naming the balance (decision 112).
    const asked = page.getByRole('dialog', { name: 'Save this entry?' });
    await asked.getByText('It takes Unplayed SC below zero: -1,324.44 after it.').waitFor();
    await asked.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Transaction created successfully').waitFor();
    expect((await transactions()).map((t) => [t.usdChange, t.unplayedCoinsChange, t.playedCoinsChange])).toEqual([
      ['20.50', '-1324.44', '0.00'],
    ]);
  });

  it('the Edit dialog selects the old amount on focus, so typing replaces it; "--11" is refused, not saved as 0', async () => {
    const { page } = s;
    const [tx] = await transactions();
    await page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
    await page.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    const dialog = page.getByRole('dialog');
    const usd = dialog.getByLabel('Change in USD ($)');
    await usd.focus();
    await page.keyboard.type('-24');
    expect(await usd.inputValue()).toBe('-24');
    await page.keyboard.press('Enter');
    await page.getByText('Transaction updated successfully').waitFor();
    expect((await transactions())[0].usdChange).toBe('-24.00');

    await page.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    await usd.focus();
    await page.keyboard.type('--11');
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldError(page, 'Change in USD ($)').textContent()).toBe('Must be a valid number');
    expect(await usd.inputValue()).toBe('--11');
    expect((await transactions())[0].usdChange).toBe('-24.00');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('Delete asks with the focus on Cancel: Enter, Enter removes nothing', async () => {
    const { page } = s;
    const [tx] = await transactions();
    await page.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this transaction?' });
    await confirm.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect((await transactions()).map((t) => t.id)).toEqual([tx.id]);
    await page.keyboard.press('Escape');
  });

  it('a casino takes SC per $1 only as a whole number above 0, and its name only once', async () => {
    const { page } = s;
    const before = await api<unknown[]>('GET', '/api/casinos', undefined, token);
    await page.goto(`${baseUrl()}/casinos`);
    await page.getByRole('button', { name: 'Add Casino' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Ratio ${stamp}`);
    const ratio = dialog.getByLabel('SC per $1');
    for (const typed of ['1.5', '0']) {
      await ratio.fill(typed);
      await dialog.getByRole('button', { name: 'Add Casino' }).click();
      await expect.poll(() => fieldError(page, 'SC per $1').textContent()).toBe('SC ratio must be a positive whole number');
      expect(await ratio.inputValue()).toBe(typed);
    }
    expect(await api<unknown[]>('GET', '/api/casinos', undefined, token)).toHaveLength(before.length);

    await ratio.fill('1000');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(` ${names.casino.toUpperCase()} `);
    await dialog.getByRole('button', { name: 'Add Casino' }).click();
    await expect.poll(() => fieldError(page, /^Name/).textContent()).toBe(`A casino named "${names.casino}" already exists`);
    expect(await api<unknown[]>('GET', '/api/casinos', undefined, token)).toHaveLength(before.length);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a second customer of the same name is asked about first, and told apart in the pickers', async () => {
    const { page } = s;
    const count = async () =>
      (await api<{ name: string }[]>('GET', '/api/customers', undefined, token)).filter((c) => c.name === names.customer).length;
    await page.goto(`${baseUrl()}/customers`);
    await page.getByRole('button', { name: 'Add Customer' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(names.customer);
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    dialog = page.getByRole('dialog').filter({ hasText: `A customer named ${names.customer} already exists` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await page.getByText('Customer created successfully').waitFor();
    expect(await count()).toBe(2);

    await page.goto(`${baseUrl()}/transactions/add`);
    await page.getByLabel('Customer', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: `${names.customer} (tess.${stamp}@example.com)`, exact: true }).waitFor();
    await page.getByRole('option', { name: new RegExp(`^${names.customer} \\(#\\d+\\)$`) }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('the High SC threshold: "50.5" and "-50" are refused as typed, "abc" becomes 100', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/high-sc`);
    const input = page.getByLabel('Minimum SC Value (USD)');
    await input.fill('50.5');
    await input.press('Enter');
    await expect.poll(() => fieldError(page, 'Minimum SC Value (USD)').textContent()).toBe('Must be a whole number');
    expect(await input.inputValue()).toBe('50.5');
    expect(page.url()).not.toContain('threshold=505');
    await input.fill('-50');
    await input.press('Enter');
    await expect.poll(() => fieldError(page, 'Minimum SC Value (USD)').textContent()).toBe('Must be a positive number');
    expect(await input.inputValue()).toBe('-50');
    await input.fill('abc');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('100');
    await page.getByTestId('high-sc-count').filter({ hasText: 'above $100' }).waitFor();
  });

  it('a reversed date range is named under End Date on History and on a report', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/history?startDate=2026-03-02&endDate=2026-03-01`);
    await expect.poll(() => fieldError(page, 'End Date').textContent()).toBe('End date is before start date');
    expect(await page.getByText('No transactions found').count()).toBe(0);
    await page.goto(`${baseUrl()}/reports/transaction-types?startDate=2026-03-02&endDate=2026-03-01`);
    await expect.poll(() => fieldError(page, 'End Date').textContent()).toBe('End date is before start date');
  });
});

describe('a failed read shows as a failure', () => {
  const screens = [
    ['/transactions/history', 'History'],
    ['/reports/high-sc', 'High SC'],
    ['/dashboard', 'Dashboard'],
  ] as const;

  for (const [path, name] of screens) {
    it(`${name}: with the server's answers blocked, the error and Retry; Retry after it is back shows the data`, async () => {
      const { page } = s;
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      // Every answer but the sign-in check is blocked, so the screen's own reads fail.
      await page.route('**/trpc/**', (route) =>
        route.request().url().includes('auth.user') ? route.continue() : route.abort('connectionrefused'),
      );
      await page.reload();
      const alert = page.getByRole('alert').filter({ hasText: 'Could not load the data' }).first();
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The server could not be reached. Check the connection and try again.');
      for (const emptyText of ['No transactions found', 'No high balances found', 'No transactions yet']) {
        expect(await page.getByText(emptyText).count(), emptyText).toBe(0);
      }
      await page.unroute('**/trpc/**');
      const retry = page.getByRole('button', { name: 'Retry' });
      await expect
        .poll(async () => {
          if (await retry.count()) await retry.first().click();
          return page.getByRole('alert').filter({ hasText: 'Could not load the data' }).count();
        })
        .toBe(0);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
    });
  }
});
