import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

/** Issue "Trust in the numbers": undo from the toast, restore, and the audit trail on screen. */
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
let ids: { customer: number; casino: number; type: number };

interface Tx {
  id: number;
  date: string;
  usdChange: string;
  unplayedCoinsChange: string;
}
const transactions = async () =>
  (await api<{ transactions: Tx[] }>('GET', `/api/transactions?customerId=${ids.customer}&limit=100`, undefined, token)).transactions;
const balance = async () =>
  (
    await api<{ casinoId: number; currentUnplayedCoins: string }[]>(
      'GET',
      `/api/customer-casinos?customerId=${ids.customer}`,
      undefined,
      token,
    )
  ).find((l) => l.casinoId === ids.casino)?.currentUnplayedCoins;

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const casino = await api<{ id: number }>('POST', '/api/casinos', { name: `Vault ${stamp}` }, token);
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: `Uma ${stamp}`, email: '' }, token);
  await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
  const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Purchase', casinoId: casino.id }, token);
  ids = { customer: customer.id, casino: casino.id, type: type.id };
  await api(
    'POST',
    '/api/transactions',
    {
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      unplayedCoinsChange: '22000',
      playedCoinsChange: '0',
      usdChange: '-20',
    },
    token,
  );
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

describe('undo, restore and the audit trail', () => {
  it('edit then Undo writes the previous values back', async () => {
    const { page } = s;
    const [tx] = await transactions();
    await page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
    await page.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    await page.getByRole('dialog').getByLabel('Change in USD ($)').fill('-35.5');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    // 22,000 SC for $35.50 is a ratio of 0.62: asked first (decision 112).
    const asked = page.getByRole('dialog', { name: 'Save this entry?' });
    await asked.getByText('Its purchase ratio is 0.62, below the 1.1 threshold.').waitFor();
    await asked.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Transaction updated successfully').waitFor();
    expect((await transactions())[0].usdChange).toBe('-35.50');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('The edit was undone').waitFor();
    expect((await transactions())[0]).toMatchObject({ id: tx.id, usdChange: '-20.00', unplayedCoinsChange: '22000.00' });
  });

  it('delete then Undo restores the transaction with its id, date and balance', async () => {
    const { page } = s;
    const [tx] = await transactions();
    await page.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete this transaction?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Transaction deleted successfully').waitFor();
    expect(await transactions()).toEqual([]);
    expect(await balance()).toBe('0.00');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('The transaction was restored').waitFor();
    expect(await transactions()).toEqual([expect.objectContaining({ id: tx.id, date: tx.date, usdChange: '-20.00' })]);
    expect(await balance()).toBe('22000.00');
  });

  it('the Edit dialog History tab and the Audit page show who changed what', async () => {
    const { page } = s;
    const [tx] = await transactions();
    await page.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    const trail = page.getByTestId('transaction-audit');
    await trail.getByText('Restored').waitFor();
    const text = await trail.textContent();
    for (const part of [
      'Created',
      'Edited',
      'Deleted',
      'Restored',
      'USD change: -$20.00 → -$35.50',
      'USD change: -$35.50 → -$20.00',
      ADMIN.email,
    ])
      expect(text).toContain(part);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await page.getByLabel('Record type').and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Transaction', exact: true }).click();
    await page.getByLabel('Record id').fill(String(tx.id));
    const rows = page.getByRole('row').filter({ hasText: `Transaction #${tx.id}` });
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().textContent()).toContain('Restored');
  });

  it('reconciles a pair from Add Transaction; the adjustment shows in History and on the Audit page', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/transactions/add`);
    await page.getByLabel('Customer', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: `Uma ${stamp}`, exact: true }).click();
    await page.getByLabel('Casino', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: `Vault ${stamp}`, exact: true }).click();
    await page.getByRole('button', { name: 'Reconcile' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Balance shown by the casino' });
    await dialog.getByLabel('Unplayed SC', { exact: true }).fill('21824.19');
    await dialog.getByLabel('Played SC', { exact: true }).fill('12.5');
    await expect.poll(() => dialog.getByTestId('reconcile-unplayed').textContent()).toBe('Unplayed: -175.81 to book');
    expect(await dialog.getByTestId('reconcile-played').textContent()).toBe('Played: +12.50 to book');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await page.getByText('Adjustment recorded: unplayed -175.81, played 12.50').waitFor();
    expect(await balance()).toBe('21824.19');

    await page.goto(`${baseUrl()}/transactions/history?customerId=${ids.customer}`);
    const row = page.getByRole('row').filter({ hasText: 'Adjustment' });
    await row.waitFor();
    expect(await row.textContent()).toContain('-175.81');

    await page.goto(`${baseUrl()}/admin/audit?entity=transaction`);
    await page.getByRole('row').filter({ hasText: 'Adjustment' }).filter({ hasText: 'Unplayed change: -175.81' }).first().waitFor();
  });
});
