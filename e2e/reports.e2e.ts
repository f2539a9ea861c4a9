import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn, uniqueEmail } from './helpers';

let s: Session;
const tag = Date.now().toString(36);
const names = { ann: `Ann ${tag}`, bob: `Bob ${tag}`, lucky: `Lucky ${tag}`, star: `Star ${tag}` };
const ids: Record<string, number> = {};

/** Ann: Lucky (buys $20 for 22,000 + bonus 130,000) and Star; Bob: Lucky only. */
async function seed(token: string) {
  const post = <T>(path: string, body: unknown) => api<T>('POST', path, body, token);
  ids.ann = (await post<{ id: number }>('/api/customers', { name: names.ann, email: 'ann@example.com' })).id;
  ids.bob = (await post<{ id: number }>('/api/customers', { name: names.bob })).id;
  ids.lucky = (await post<{ id: number }>('/api/casinos', { name: names.lucky, website: 'https://lucky.example.com' })).id;
  ids.star = (await post<{ id: number }>('/api/casinos', { name: names.star })).id;
  for (const [c, k] of [
    [ids.ann, ids.lucky],
    [ids.ann, ids.star],
    [ids.bob, ids.lucky],
  ])
    await post('/api/customer-casinos', { customerId: c, casinoId: k, status: 'active' });
  ids.purchase = (await post<{ id: number }>('/api/transaction-types', { name: 'Purchase', casinoId: ids.lucky })).id;
  ids.bonus = (await post<{ id: number }>('/api/transaction-types', { name: 'Bonus', casinoId: ids.lucky })).id;
  const tx = (customerId: number, transactionTypeId: number, unplayed: string, usd: string) =>
    post('/api/transactions', {
      customerId,
      casinoId: ids.lucky,
      transactionTypeId,
      unplayedCoinsChange: unplayed,
      playedCoinsChange: '0',
      usdChange: usd,
    });
  await tx(ids.ann, ids.purchase, '22000', '-20');
  await tx(ids.ann, ids.bonus, '130000', '0');
  await tx(ids.bob, ids.purchase, '5000', '7.50');
}

beforeAll(async () => {
  await seed(await apiToken(ADMIN.email, ADMIN.password));
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

const today = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

async function exportBoth(page: Page, base: string, sheetName: string) {
  const files: { xlsx: unknown[][]; csv: string[] } = { xlsx: [], csv: [] };
  // The menu's code comes with the first press (decision 222); Escape closes it and the focus is back on Export.
  const exportButton = page.getByRole('button', { name: 'Export' });
  await exportButton.click();
  await page.getByRole('menuitem', { name: 'Excel' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  await expect.poll(() => exportButton.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.getByRole('button', { name: 'Export' }).click();
  const [x] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel' }).click()]);
  expect(x.suggestedFilename()).toBe(`${base}_${today()}.xlsx`);
  // The toast shows for 5 s while the file still downloads: watch for it from the click on.
  const toast = page.getByText(/^Exported \d+ .* records to Excel$/).waitFor();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await x.path())!);
  workbook.getWorksheet(sheetName)!.eachRow((row) => files.xlsx.push((row.values as unknown[]).slice(1)));
  await toast;
  await page.getByRole('button', { name: 'Export' }).click();
  const [c] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  expect(c.suggestedFilename()).toBe(`${base}_${today()}.csv`);
  files.csv = fs
    .readFileSync((await c.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  return files;
}

describe('reports through the screens', () => {
  it('High SC: threshold, cards, rows, subtitle and both exports', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/high-sc?threshold=150`);
    await page.getByText('Balances > $150').waitFor();
    const row = page.getByRole('row').filter({ hasText: names.ann });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual([names.lucky, '152,000.00', '0.00', '152,000.00', '$152.00']);
    expect(await page.getByRole('row').filter({ hasText: names.bob }).count()).toBe(0);
    const { xlsx, csv } = await exportBoth(page, 'high_sc_report', 'High SC Report');
    expect(xlsx[0]).toEqual(['Customer', 'Casino', 'Unplayed Coins', 'Played Coins', 'Total Coins', 'USD Value', 'Threshold']);
    expect(xlsx).toContainEqual([names.ann, names.lucky, 152000, 0, 152000, 152, 150]);
    expect(csv).toContain(`${names.ann},${names.lucky},152000,0,152000,152,150`);
  });

  it('Profitability: filtered rows, status and both exports', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/profitability?casinoId=${ids.lucky}`);
    const ann = page.getByRole('row').filter({ hasText: names.ann });
    await ann.waitFor();
    expect((await ann.getByRole('cell').allTextContents()).slice(1)).toEqual([names.lucky, '-$20.00', '2', '-$10.00', 'Loss']);
    const bob = page.getByRole('row').filter({ hasText: names.bob });
    expect((await bob.getByRole('cell').allTextContents()).slice(2)).toEqual(['+$7.50', '1', '+$7.50', 'Profitable']);
    expect(await page.getByTestId('stat-Total Profit/Loss').textContent()).toBe('-$12.50');
    const { xlsx, csv } = await exportBoth(page, 'profitability_report', 'Profitability Report');
    expect(xlsx).toEqual([
      ['Customer', 'Casino', 'Total USD', 'Transaction Count', 'Average per Transaction', 'Status', 'Start Date', 'End Date'],
      [names.bob, names.lucky, 7.5, 1, 7.5, 'Profitable', 'All', 'All'],
      [names.ann, names.lucky, -20, 2, -10, 'Loss', 'All', 'All'],
    ]);
    expect(csv[2]).toBe(`${names.ann},${names.lucky},-20,2,-10,Loss,All,All`);
  });

  it('Participation: master, missing casinos with Visit links, and both exports', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/participation`);
    await page.getByText('Select Master User').waitFor();
    await page.goto(`${baseUrl()}/reports/participation?masterUserId=${ids.ann}`);
    const bob = page.getByTestId('participation-card').filter({ hasText: names.bob });
    await bob.waitFor();
    expect(await bob.textContent()).toContain('1 missing');
    expect(await bob.textContent()).toContain('No email');
    expect(await bob.textContent()).toContain(names.star);
    const { xlsx } = await exportBoth(page, 'participation_report', 'Participation Report');
    expect(xlsx[0]).toEqual(['Customer', 'Total Casinos', 'Missing Casinos', 'Missing Casino Names', 'Participation Rate']);
    expect(xlsx).toContainEqual([names.bob, 2, 1, names.star, 0.5]);
  });

  it('Transaction Types: filter by type, cards, rows and both exports', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/transaction-types?transactionTypeId=${ids.purchase}`);
    await page.getByRole('row').filter({ hasText: names.bob }).waitFor();
    expect(await page.getByTestId('stat-Total Transactions').textContent()).toBe('2');
    expect(await page.getByTestId('stat-Total USD Impact').textContent()).toBe('-$12.50');
    expect(await page.getByTestId('stat-Unique Customers').textContent()).toBe('2');
    const ann = page.getByRole('row').filter({ hasText: names.ann });
    expect((await ann.getByRole('cell').allTextContents()).slice(2)).toEqual([
      names.lucky,
      'Purchase',
      '22,000.00',
      '0.00',
      '-20.00',
      '1.10',
      '22,000.00',
    ]);
    const { xlsx, csv } = await exportBoth(page, 'transaction_types_report', 'Transaction Types Report');
    expect(xlsx).toEqual([
      ['Transaction Type', 'Casino', 'Transaction Count', 'Total USD', 'Average USD per Transaction', 'Start Date', 'End Date'],
      ['Purchase', names.lucky, 2, -12.5, -6.25, 'All', 'All'],
    ]);
    expect(csv[1]).toBe(`Purchase,${names.lucky},2,-12.5,-6.25,All,All`);
  });

  it('shows staff the Access Restricted screen on Profitability and sends them home', async () => {
    const token = await apiToken(ADMIN.email, ADMIN.password);
    const email = uniqueEmail('staff.reports');
    await api('POST', '/api/admin/users', { email, password: 'Staff1234' }, token);
    const staff = await openBrowser();
    try {
      await signIn(staff.page, email, 'Staff1234');
      await staff.page.goto(`${baseUrl()}/reports/profitability`);
      await staff.page.getByText('Access Restricted').waitFor();
      await staff.page.getByText('Only administrators can view profitability reports').waitFor();
      await staff.page.getByText('You need admin privileges to view profitability reports').waitFor();
      await staff.page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    } finally {
      await staff.close();
    }
  });
});
