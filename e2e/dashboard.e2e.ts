import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

// The Dashboard charts render with data, each with its table.
let s: Session;
const stamp = Date.now().toString(36);
const casinoName = `Chartwell ${stamp}`;

beforeAll(async () => {
  const token = await apiToken(ADMIN.email, ADMIN.password);
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: `Dana ${stamp}`, email: '' }, token);
  const casino = await api<{ id: number }>('POST', '/api/casinos', { name: casinoName, website: '', isActive: true, scRatio: 1000 }, token);
  const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Purchase', casinoId: casino.id }, token);
  await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
  const tx = { customerId: customer.id, casinoId: casino.id, transactionTypeId: type.id };
  await api('POST', '/api/transactions', { ...tx, usdChange: '-9000', unplayedCoinsChange: '9900000', playedCoinsChange: '100000' }, token);
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

describe('Dashboard charts', () => {
  it('draws the three charts from the server data and offers each as a table', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/dashboard`);
    const sc = page.getByRole('region', { name: 'SC balances per casino' });
    // The drawing: a stacked bar pair per casino (this one has the largest balance, so it is among them),
    // drawn once its card comes into view.
    await sc.scrollIntoViewIfNeeded();
    await sc.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await sc.getByText(casinoName, { exact: true }).first().count()).toBe(1);
    // The table for screen readers holds the exact figures.
    const row = sc.getByRole('row').filter({ hasText: casinoName });
    expect(await row.getByRole('cell').allTextContents()).toEqual([casinoName, '9,900,000.00', '100,000.00', '10,000,000.00']);

    const usd = page.getByRole('region', { name: 'USD change per day (last 90 days)' });
    await usd.scrollIntoViewIfNeeded();
    await usd.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    expect(await usd.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await usd.getByRole('button', { name: 'Show table' }).click();
    expect(await usd.getByRole('table').isVisible()).toBe(true);
    expect(await usd.getByRole('row').count()).toBeGreaterThan(1);

    const staff = page.getByRole('region', { name: 'Entries per staff member this week' });
    await staff.getByRole('button', { name: 'Show table' }).click();
    const admin = staff.getByRole('row').filter({ hasText: 'Admin' });
    expect(Number(await admin.getByRole('cell').nth(1).textContent())).toBeGreaterThan(0);
  });
});
