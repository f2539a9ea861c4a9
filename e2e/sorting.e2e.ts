import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

// History sorts by USD on the server, over every page, the sort kept in the URL.
let s: Session;
let casinoId: number;
const stamp = Date.now().toString(36);
const ROWS = 130;
// Every amount once, in a scrambled order: -65.00 .. +64.00.
const amounts = Array.from({ length: ROWS }, (_, i) => ((i * 37) % ROWS) - 65);

beforeAll(async () => {
  const token = await apiToken(ADMIN.email, ADMIN.password);
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: `Sorter ${stamp}`, email: '' }, token);
  casinoId = (
    await api<{ id: number }>('POST', '/api/casinos', { name: `Sorted ${stamp}`, website: '', isActive: true, scRatio: 1000 }, token)
  ).id;
  const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Bonus', casinoId }, token);
  await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId, status: 'active' }, token);
  for (const usd of amounts) {
    await api(
      'POST',
      '/api/transactions',
      {
        customerId: customer.id,
        casinoId,
        transactionTypeId: type.id,
        unplayedCoinsChange: '0',
        playedCoinsChange: '0',
        usdChange: String(usd),
      },
      token,
    );
  }
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

/** The USD cells of the page's rows, as numbers ("+1,000.00" -> 1000). */
async function usdColumn(page: Page): Promise<number[]> {
  const cells = page
    .getByRole('table', { name: 'Transactions' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  const texts = await cells.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[6]?.textContent ?? ''));
  return texts.map((t) => Number(t.replace(/[+,$]/g, '')));
}
const pageIs = (page: Page, text: string) => page.getByTestId('pager-page').filter({ hasText: text }).waitFor();

describe('History sorted by USD', () => {
  it('sorts every page by USD, largest first then smallest first, from a header click kept in the URL', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/history?casinoId=${casinoId}`);
    await pageIs(page, 'Page 1 of 2');
    await page.getByRole('button', { name: 'USD', exact: true }).click();
    await page.waitForURL(/sort=-usd/);
    // The page's 100 rows, once built (a transition).
    await expect.poll(() => usdColumn(page), { timeout: 15_000 }).toEqual(Array.from({ length: 100 }, (_, i) => 64 - i));
    await page.getByRole('button', { name: 'Next page' }).click();
    await pageIs(page, 'Page 2 of 2');
    await expect.poll(() => usdColumn(page), { timeout: 15_000 }).toEqual(Array.from({ length: 30 }, (_, i) => -36 - i));

    // Clicked again: smallest first, from page 1 (a new sort starts at the first page).
    await page.getByRole('button', { name: 'USD', exact: true }).click();
    await page.waitForURL(/sort=usd/);
    await pageIs(page, 'Page 1 of 2');
    await expect.poll(async () => (await usdColumn(page)).slice(0, 3), { timeout: 15_000 }).toEqual([-65, -64, -63]);
    expect(await page.getByRole('columnheader', { name: 'USD' }).getAttribute('aria-sort')).toBe('ascending');
    // The URL keeps the sort: a reload shows the same order.
    await page.reload();
    await expect.poll(async () => (await usdColumn(page)).slice(0, 3), { timeout: 15_000 }).toEqual([-65, -64, -63]);
  });
});
