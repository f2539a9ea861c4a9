import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from './browser';
import { ADMIN, api, apiToken, baseUrl, type Session, signIn } from './helpers';

// A customer's page reached from History, its totals against High SC and Redemptions, a PDF statement,
// and search everywhere (Ctrl+K) to a casino's page; axe on both pages.
const AXE = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');
const stamp = Date.now().toString(36);
const names = { customer: `Storey ${stamp}`, casino: `Qwv ${stamp} Casino` };
const ids: Record<string, number> = {};
let token: string;
let s: Session;

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const post = <T>(p: string, body: unknown) => api<T>('POST', p, body, token);
  ids.customer = (await post<{ id: number }>('/api/customers', { name: names.customer, email: 'storey@example.com' })).id;
  ids.casino = (await post<{ id: number }>('/api/casinos', { name: names.casino, website: 'https://qwv.example.com' })).id;
  await post('/api/customer-casinos', { customerId: ids.customer, casinoId: ids.casino, status: 'active' });
  const type = (await post<{ id: number }>('/api/transaction-types', { name: 'Purchase', casinoId: ids.casino })).id;
  const entry = { customerId: ids.customer, casinoId: ids.casino, transactionTypeId: type, playedCoinsChange: '1234.56' };
  await post('/api/transactions', { ...entry, unplayedCoinsChange: '250000.75', usdChange: '-250' });
  await post('/api/redemptions', { customerId: ids.customer, casinoId: ids.casino, unplayedCoins: '40000', expectedUsd: '40.25' });
  // axe is injected as a script: this context lets it past the app's Content-Security-Policy, as a11y.e2e.ts does.
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  s = { browser, context, page: await context.newPage(), close: () => browser.close() };
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s?.close());

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    type V = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: V[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} at ${v.nodes[0]?.target.join(' ')}`);
}

describe("the customer's whole story", () => {
  it('from History, a customer name opens their page; its totals equal High SC and Redemptions; a PDF statement downloads', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
    await page.getByRole('link', { name: names.customer }).first().click();
    await page.waitForURL(`**/customers/${ids.customer}`);
    await page.getByRole('heading', { name: names.customer }).waitFor();

    const highSc = await api<{ customerId: number; totalCoins: string; playedCoins: string }[]>(
      'GET',
      '/api/reports/high-sc?threshold=1',
      undefined,
      token,
    );
    const mine = highSc.filter((r) => r.customerId === ids.customer);
    // High SC's USD value: (unplayed + played) / 1000 = (210,000.75 + 1,234.56) / 1000, to the cent.
    expect(mine).toHaveLength(1);
    const usd = Math.round(((Number(mine[0].totalCoins) + Number(mine[0].playedCoins)) * 100) / 1000) / 100;
    expect(usd).toBe(211.24);
    const transit = await api<{ inTransitUsd: string }>('GET', `/api/redemptions?customerId=${ids.customer}`, undefined, token);
    expect(transit.inTransitUsd).toBe('40.25');
    await page.getByText('$211.24').first().waitFor();
    expect(await page.locator('.mantine-Card-root', { hasText: 'USD value' }).first().innerText()).toContain('$211.24');
    expect(await page.locator('.mantine-Card-root', { hasText: 'In transit' }).first().innerText()).toContain('$40.25');
    expect(await page.getByTestId('links-totals').innerText()).toContain('USD value $211.24; in transit $40.25');

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Statement' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement_storey-${stamp}_\\d{4}-\\d{2}-01_\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('Ctrl+K, three letters of a casino, Enter: the casino page', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('textbox', { name: 'Search everywhere' });
    await box.waitFor();
    await box.fill('qwv');
    await page.locator('.mantine-Spotlight-action', { hasText: names.casino }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/casinos/${ids.casino}`);
    await page.getByRole('heading', { name: names.casino }).waitFor();
    await page.getByRole('link', { name: names.customer }).first().waitFor();
    expect(await page.locator('.mantine-Card-root', { hasText: 'USD value' }).first().innerText()).toContain('$211.24');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("fits a laptop and a phone: every column of the customer's casinos in view at 1280 px, nothing sideways at 390 px", async () => {
    const pair = { customerId: ids.customer, casinoId: ids.casino };
    await api('POST', '/api/check-ins', { ...pair, unplayedCoins: '1.5' }, token);
    await api('POST', '/api/customer-casinos/reconcile', { ...pair, unplayedCoins: '210002.25', playedCoins: '1234.56' }, token);
    const { page } = s;
    await page.goto(`${baseUrl()}/customers/${ids.customer}`);
    const grid = page.getByRole('region', { name: 'Casinos (scrollable)' });
    // All three times are there, the widest the row gets; the streak goes with the last check-in.
    await grid.getByText('Streak 1', { exact: false }).waitFor();
    expect(await grid.locator('tbody td').last().innerText()).not.toBe('Never');
    const fit = await grid.evaluate((el) => ({ inner: el.scrollWidth, shown: el.clientWidth }));
    expect(fit.inner).toBeLessThanOrEqual(fit.shown);

    const phone = await s.browser.newContext({ viewport: PHONE });
    try {
      const small = await phone.newPage();
      // The token this file signed in with: a phone's first screen hides the sidebar's Logout that signIn waits for.
      await small.goto(`${baseUrl()}/login`);
      await small.evaluate((t) => localStorage.setItem('auth_token', t), token);
      await small.goto(`${baseUrl()}/customers/${ids.customer}`);
      await small.getByText('Streak 1', { exact: false }).first().waitFor();
      await small.getByRole('heading', { name: 'Files' }).waitFor();
      const page390 = await small.evaluate(() => document.documentElement.scrollWidth);
      expect(page390).toBe(PHONE.width);
    } finally {
      await phone.close();
    }
  });
});
