import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from './browser';
import { ADMIN, api, apiToken, baseUrl, uniqueEmail } from './helpers';

// Texts that fit their boxes on a phone, grids without an empty slot, and a sidebar that shows the active
// screen on a short window (decision 097).
const LAPTOP = { width: 1280, height: 800 };
let browser: Browser;
let adminToken: string;
let staffToken: string;

beforeAll(async () => {
  adminToken = await apiToken(ADMIN.email, ADMIN.password);
  const email = uniqueEmail('fit');
  await api('POST', '/api/admin/users', { email, password: 'Staff1234', firstName: 'Fay' }, adminToken);
  staffToken = await apiToken(email, 'Staff1234');
  browser = await launchChromium();
});
afterAll(() => browser.close());

async function open(viewport: { width: number; height: number }, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/login`);
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'attached' });
  return page;
}

/** How far the placeholder's text runs past the room its input gives it, in px (0 or less: it fits). */
const placeholderOverflow = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return Math.ceil(ctx.measureText(input.placeholder).width - room);
  });

/** The top-left corners of the children of a grid, grouped into rows: how many sit in each row. */
const rowSizes = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((grid) => {
    const rows = new Map<number, number>();
    for (const child of grid.children) {
      const top = Math.round(child.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });

describe('at 390 px', () => {
  it('shows the Customers and Casinos search placeholders whole', async () => {
    const page = await open(PHONE, adminToken, '/customers');
    const customers = 'Search customers by name or email...';
    await page.getByLabel(customers, { exact: true }).waitFor();
    expect(await placeholderOverflow(page, customers)).toBeLessThanOrEqual(0);
    await page.goto(`${baseUrl()}/casinos`);
    const casinos = 'Search casinos by name or website...';
    await page.getByLabel(casinos, { exact: true }).waitFor();
    expect(await placeholderOverflow(page, casinos)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('shows the header title "Transaction Types Report" whole', async () => {
    const page = await open(PHONE, adminToken, '/reports/transaction-types');
    const title = page.getByTestId('page-title');
    await title.waitFor();
    expect(await title.textContent()).toBe('Transaction Types Report');
    const box = await title.evaluate((el) => ({
      width: [el.scrollWidth, el.clientWidth],
      height: [el.scrollHeight, el.clientHeight],
    }));
    expect(box.width[0]).toBeLessThanOrEqual(box.width[1]);
    expect(box.height[0]).toBeLessThanOrEqual(box.height[1]);
    // And inside the window, beside the menu button and the user.
    const rect = (await title.boundingBox())!;
    expect(rect.x + rect.width).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});

describe('the Dashboard grids', () => {
  for (const [role, token] of [
    ['admin', () => adminToken],
    ['staff', () => staffToken],
  ] as const)
    for (const [size, viewport] of [
      ['1280 px', LAPTOP],
      ['390 px', PHONE],
    ] as const)
      it(`leave no empty slot for ${role} at ${size}`, async () => {
        const page = await open(viewport, token(), '/dashboard');
        await page.getByTestId('stat-Check-ins today').waitFor();
        const cards = await rowSizes(page, 'dashboard-cards');
        const actions = await rowSizes(page, 'quick-actions');
        // Every row as full as the first one.
        expect(cards.every((n) => n === cards[0])).toBe(true);
        expect(actions.every((n) => n === actions[0])).toBe(true);
        expect(cards.reduce((a, b) => a + b)).toBe(6);
        expect(actions.reduce((a, b) => a + b)).toBe(6);
        if (viewport === LAPTOP) expect([cards[0], actions[0]]).toEqual([3, 3]);
        await page.context().close();
      });
});

describe('the sidebar on a window 800 px high', () => {
  it('scrolls, and shows the active screen (Deleted Transactions, the last link) without scrolling by hand', async () => {
    const page = await open(LAPTOP, adminToken, '/admin/deleted-transactions');
    const active = page.getByRole('link', { name: 'Deleted Transactions' });
    await active.waitFor();
    const seen = await page.getByTestId('sidebar-links').evaluate((section) => {
      const box = section;
      const item = section.querySelector('[data-current]')!;
      const [b, i] = [box.getBoundingClientRect(), item.getBoundingClientRect()];
      return { scrolls: box.scrollHeight > box.clientHeight, inView: i.top >= b.top && i.bottom <= b.bottom, text: item.textContent };
    });
    expect(seen).toEqual({ scrolls: true, inView: true, text: 'Deleted Transactions' });
    // Back to the first link from the sidebar: the list scrolls back up to show it.
    await page.getByRole('link', { name: 'Dashboard' }).evaluate((el) => (el as HTMLElement).click());
    await page.getByTestId('stat-Total Customers').waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="sidebar-links"]')!;
      const item = box.querySelector('[data-current]')!;
      return item.textContent === 'Dashboard' && item.getBoundingClientRect().top >= box.getBoundingClientRect().top;
    });
    await page.context().close();
  });
});
