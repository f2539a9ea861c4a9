import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, openBrowser, type Session, signIn } from './helpers';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

const stamp = Date.now().toString(36);
const customer = `Erin ${stamp}`;
const casino = `Orbit ${stamp}`;

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function navigate(page: Page, link: string) {
  await page.getByRole('link', { name: link, exact: true }).click();
}

describe('a day at the office, through the screens', () => {
  it('sets up a customer, a casino, a link and a type', async () => {
    const { page } = s;
    await navigate(page, 'Casinos');
    await page.getByRole('button', { name: 'Add Casino' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(casino);
    await dialog.getByRole('textbox', { name: 'Website' }).fill('https://orbit.example.com');
    await dialog.getByRole('button', { name: 'Add Casino' }).click();
    await page.getByText('Casino created successfully').waitFor();
    await page.getByRole('cell', { name: casino, exact: true }).waitFor();

    await navigate(page, 'Transaction Types');
    await page.getByRole('button', { name: 'Add Type' }).click();
    dialog = page.getByRole('dialog');
    await pick(page, 'Casino', casino);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Purchase');
    await dialog.getByRole('button', { name: 'Add Type' }).click();
    await page.getByText('Transaction type added').waitFor();

    await navigate(page, 'Customers');
    await page.getByRole('button', { name: 'Add Customer' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(customer);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('erin@example.com');
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByText('Customer created successfully').waitFor();

    const row = page.getByRole('row').filter({ hasText: customer });
    await row.getByRole('button', { name: 'Casinos' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(`Status at ${casino}`).click();
    await page.getByRole('option', { name: 'active', exact: true }).click();
    await page.getByText('Customer casino updated').waitFor();
    await page.keyboard.press('Escape');
  });

  it('adds a purchase, sees it in History with exact values, edits and deletes it', async () => {
    const { page } = s;
    await navigate(page, 'Add Transaction');
    await pick(page, 'Customer', customer);
    await pick(page, 'Casino', casino);
    await pick(page, 'Transaction Type', 'Purchase');
    await page.getByLabel('Change in USD ($)').fill('-20');
    await page.getByLabel('Change in Unplayed Coins').fill('22000');
    await page.getByLabel('Change in Played Coins').fill('0');
    expect(await page.getByTestId('preview-ratio').textContent()).toBe('1.10');
    expect(await page.getByTestId('preview-total').textContent()).toBe('22,000.00');
    await page.getByRole('button', { name: 'Save Transaction' }).click();
    await page.getByText('Transaction created successfully').waitFor();
    await page.getByTestId('recent-count').filter({ hasText: '1 record' }).waitFor();

    await navigate(page, 'Transaction History');
    await pick(page, 'Customer', customer);
    await page.waitForURL(/customerId=/);
    const row = page.getByRole('row').filter({ hasText: casino });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 10)).toEqual([customer, casino, 'Purchase', '22,000.00', '0.00', '-20.00', '1.10', '22,000.00', '']);
    expect(await page.getByTestId('pager-showing').textContent()).toBe('Showing 1 to 1 of 1 transactions');

    await row.getByRole('button', { name: /Edit transaction/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Change in USD ($)').fill('-25.50');
    await dialog.getByLabel('Change in Unplayed Coins').fill('30000');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Transaction updated successfully').waitFor();
    await row.filter({ hasText: '-25.50' }).waitFor();
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('1.18');

    await downloadsMatch(page);

    await row.getByRole('button', { name: /Edit transaction/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete this transaction? This action cannot be undone.' });
    expect(await confirm.textContent()).toContain(`${customer} · ${casino} · Purchase`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Transaction deleted successfully').waitFor();
    await page.getByText('No transactions found').waitFor();
  });
});

async function downloadsMatch(page: Page) {
  const today = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${today.getFullYear()}-${p(today.getMonth() + 1)}-${p(today.getDate())}`;

  // History's two export buttons (spec 2.8), written and streamed by the server.
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`transactions_${day}.xlsx`);
  const toast = page.getByText('Exported 1 transactions to Excel').waitFor();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path())!);
  const sheet = workbook.getWorksheet('Transactions')!;
  expect(sheet).toBeTruthy();
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Date',
    'Customer',
    'Casino',
    'Transaction Type',
    'Unplayed Coins Change',
    'Played Coins Change',
    'USD Change',
    'Purchase Ratio',
    'Total Coins After',
    'Created By',
  ]);
  const values = (sheet.getRow(2).values as unknown[]).slice(2);
  expect(values).toEqual([customer, casino, 'Purchase', 30000, 0, -25.5, 1.18, 30000, 'Admin']);
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect([sheet.views[0]?.state, sheet.autoFilter]).toEqual(['frozen', 'A1:J2']);
  await toast;

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
  expect(csv.suggestedFilename()).toBe(`transactions_${day}.csv`);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe(
    'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change,Purchase Ratio,Total Coins After,Created By',
  );
  expect(lines[1].split(',').slice(1)).toEqual([customer, casino, 'Purchase', '30000', '0', '-25.5', '1.18', '30000', 'Admin']);
  expect(lines[2]).toBe('');
}
