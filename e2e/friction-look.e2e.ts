import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from './browser';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

/** What a new office user tripped over: grids at 1280 px, names in the audit trail, types across casinos, a phone's History. */
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
/** 115 characters, as the office's longest customer name was. */
const LONG_NAME = `Maximilian Alexander Bartholomew Fitzgerald-Worthington ${stamp} of the Northern Counties and the Western Isles Ltd`
  .padEnd(115, 'x')
  .slice(0, 115);
const LAPTOP = { width: 1280, height: 800 };
let ids: { customer: number; a: number; b: number; purchaseA: number; purchaseB: number; bonusA: number };

const entry = (casinoId: number, transactionTypeId: number, usdChange: string, unplayed: string) =>
  api<{ id: number }>(
    'POST',
    '/api/transactions',
    { customerId: ids.customer, casinoId, transactionTypeId, unplayedCoinsChange: unplayed, playedCoinsChange: '0', usdChange },
    token,
  );

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: LONG_NAME, email: '' }, token);
  const casino = (name: string) => api<{ id: number }>('POST', '/api/casinos', { name: `${name} ${stamp}` }, token);
  const a = await casino('Aurora');
  const b = await casino('Borealis');
  const type = (name: string, casinoId: number) => api<{ id: number }>('POST', '/api/transaction-types', { name, casinoId }, token);
  for (const c of [a, b]) await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: c.id, status: 'active' }, token);
  ids = {
    customer: customer.id,
    a: a.id,
    b: b.id,
    purchaseA: (await type('Purchase', a.id)).id,
    purchaseB: (await type('Purchase', b.id)).id,
    bonusA: (await type('Bonus', a.id)).id,
  };
  await entry(ids.a, ids.purchaseA, '-10', '11000');
  await entry(ids.b, ids.purchaseB, '-20', '22000');
  await entry(ids.a, ids.bonusA, '0', '500');
  await entry(ids.a, ids.purchaseA, '-30', '33000');
  // Enough rows for a phone's screen: four more purchases.
  for (const usd of ['-1', '-2', '-3', '-4']) await entry(ids.b, ids.purchaseB, usd, '1000');
  s = await openBrowser(LAPTOP);
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

const typeField = (page: Page) => page.getByLabel('Transaction Type', { exact: true }).and(page.locator('input'));

/** The right edge of a locator's box, and whether it lies inside the window and its grid shows it without scrolling. */
async function inView(page: Page, selector: string) {
  const el = page.locator(selector).first();
  await el.waitFor();
  return el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const grid = node.closest('.grid-scroll');
    const g = grid?.getBoundingClientRect();
    return {
      right: Math.round(box.right),
      insideWindow: box.left >= 0 && box.right <= window.innerWidth,
      insideGrid: !g || (box.left >= g.left && box.right <= g.right),
      gridScrolls: grid ? grid.scrollWidth > grid.clientWidth : false,
    };
  });
}

describe('grids at 1280 px keep their actions in the window', () => {
  it('History’s pencil next to a 115-character name', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
    const name = page.getByRole('cell', { name: LONG_NAME }).first();
    await name.waitFor();
    // The name is cut with "…", the whole of it in the tooltip.
    expect(await name.locator('[title]').getAttribute('title')).toBe(LONG_NAME);
    expect(await inView(page, 'button[aria-label^="Edit transaction"]')).toMatchObject({
      insideWindow: true,
      insideGrid: true,
      gridScrolls: false,
    });
  });

  it('Deleted Transactions’ Restore', async () => {
    const { page } = s;
    const gone = await entry(ids.a, ids.purchaseA, '-5', '5000');
    await api('DELETE', `/api/transactions/${gone.id}`, undefined, token);
    await page.goto(`${baseUrl()}/admin/deleted-transactions`);
    expect(await inView(page, `button[aria-label="Restore transaction ${gone.id}"]`)).toMatchObject({
      insideWindow: true,
      insideGrid: true,
      gridScrolls: false,
    });
  });

  it('the Transaction Types report’s Total SC After', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/transaction-types?typeName=Purchase`);
    await page.getByRole('cell', { name: LONG_NAME }).first().waitFor();
    expect(await inView(page, 'th:has-text("Total SC After")')).toMatchObject({ insideWindow: true, insideGrid: true, gridScrolls: false });
  });
});

describe('types across casinos', () => {
  it('"Purchase (all casinos)" filters History to every casino’s Purchase, and nothing else', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
    await page.getByRole('cell', { name: 'Bonus' }).first().waitFor();
    await typeField(page).click();
    await page.getByRole('option', { name: 'Purchase (all casinos)' }).click();
    await page.waitForURL(/typeName=Purchase/);
    await page.getByText('Showing 1 to 7 of 7 transactions').waitFor();
    // The rows before stay (aria-busy) until the answer's rows are built, a transition after the count.
    await page.locator('table[aria-label="Transactions"][aria-busy="false"]').waitFor();
    const rows = page.locator('tbody tr');
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(cells.map((c) => c[3])).toEqual(Array(7).fill('Purchase'));
    expect(new Set(cells.map((c) => c[2]))).toEqual(new Set([`Aurora ${stamp}`, `Borealis ${stamp}`]));
    expect(cells.map((c) => c[6]).sort()).toEqual(['-1.00', '-10.00', '-2.00', '-20.00', '-3.00', '-30.00', '-4.00']);
  });
});

describe('the Audit Trail reads as people talk', () => {
  it('shows the customer’s, casino’s and type’s names where it showed their ids', async () => {
    const { page } = s;
    const [tx] = (
      await api<{ transactions: { id: number }[] }>(
        'GET',
        `/api/transactions?customerId=${ids.customer}&casinoId=${ids.b}&limit=1&offset=0`,
        undefined,
        token,
      )
    ).transactions;
    await page.goto(`${baseUrl()}/admin/audit?entity=transaction&entityId=${tx.id}`);
    const row = page.getByRole('row').filter({ hasText: 'Created' }).first();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`Customer: ${LONG_NAME}`);
    expect(text).toContain(`Casino: Borealis ${stamp}`);
    expect(text).toContain('Type: Purchase');
    expect(text).not.toContain(`Customer: ${ids.customer}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('a phone’s History', () => {
  it('shows at least six records above the fold, the filters folded into one line', async () => {
    const phone = await openBrowser(PHONE);
    try {
      await signIn(phone.page, ADMIN.email, ADMIN.password);
      await phone.page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
      const toggle = phone.page.getByRole('button', { name: 'Filters (1)' });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await typeField(phone.page).isVisible()).toBe(false);
      await phone.page.getByRole('listitem').first().waitFor();
      const above = await phone.page
        .getByRole('listitem')
        .evaluateAll((items) => items.filter((i) => i.getBoundingClientRect().bottom <= window.innerHeight).length);
      expect(above).toBeGreaterThanOrEqual(6);
      await toggle.click();
      await typeField(phone.page).waitFor({ state: 'visible' });
    } finally {
      await phone.close();
    }
  });
});
