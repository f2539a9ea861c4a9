import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

/** A small xlsx through the /import screen, with a mapping change, lands in History. */
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
let file: string;

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ledger');
  // "Coins" is no header the import recognises: the screen maps it to Unplayed Coins Change.
  sheet.addRow(['Date', 'Customer', 'Casino', 'Transaction Type', 'Coins', 'Played Coins Change', 'USD Change']);
  sheet.addRow([new Date(Date.UTC(2026, 9, 1, 9, 30)), `Imogen ${stamp}`, `Importia ${stamp}`, 'Purchase', 12345.67, 0, -12.5]);
  sheet.addRow([new Date(Date.UTC(2026, 9, 2, 9, 30)), `Imogen ${stamp}`, `Importia ${stamp}`, 'Purchase', 100, 0, -1]);
  sheet.getColumn(1).numFmt = 'yyyy-mm-dd hh:mm';
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-e2e-')), 'ledger.xlsx');
  await workbook.xlsx.writeFile(file);
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

describe('the Import screen', () => {
  it('imports a small xlsx with a mapping change, and the rows show in History', async () => {
    const { page } = s;
    await page.getByRole('link', { name: 'Import' }).click();
    await page.locator('input[type="file"]').setInputFiles(file);
    // The dry run cannot find the unplayed column: its select is empty and each row is refused.
    await page.getByText('No column for Unplayed Coins Change').waitFor();
    await page.getByLabel('Unplayed Coins Change').and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Coins', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Create missing customers, casinos, types and links' }).check();
    await page
      .getByTestId('import-created')
      .getByText('Would create: 2 transactions, 1 customers, 1 casinos, 1 transaction types, 1 links')
      .waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import done').waitFor();
    await page.getByTestId('import-created').getByText('Created: 2 transactions').waitFor();

    const customers = await api<{ id: number; name: string }[]>('GET', '/api/customers', undefined, token);
    const imogen = customers.find((c) => c.name === `Imogen ${stamp}`)!;
    await page.goto(`${baseUrl()}/transactions/history?customerId=${imogen.id}`);
    await page
      .getByRole('cell', { name: `Imogen ${stamp}` })
      .first()
      .waitFor();
    const history = await api<{ transactions: { unplayedCoinsChange: string; usdChange: string; totalCoinsAfter: string }[] }>(
      'GET',
      `/api/transactions?customerId=${imogen.id}`,
      undefined,
      token,
    );
    expect(history.transactions.map((t) => [t.unplayedCoinsChange, t.usdChange, t.totalCoinsAfter])).toEqual([
      ['100.00', '-1.00', '12445.67'],
      ['12345.67', '-12.50', '12345.67'],
    ]);
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: `Imogen ${stamp}` })
        .count(),
    ).toBe(2);
  });
});
