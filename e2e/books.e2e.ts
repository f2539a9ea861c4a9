import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

/**
 * Closed books and proof in the browser: History locks what a close covers, a pasted screenshot is
 * attached and opened from History, and a back-dated edit shows a broken reconciliation on the Dashboard.
 */
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
let pair: { customer: number; casino: number; type: number; name: string };
let old: { id: number };
let recent: { id: number };

const entry = (unplayed: string, occurredAt?: string) =>
  api<{ id: number }>(
    'POST',
    '/api/transactions',
    {
      customerId: pair.customer,
      casinoId: pair.casino,
      transactionTypeId: pair.type,
      unplayedCoinsChange: unplayed,
      playedCoinsChange: '0',
      usdChange: '0',
      ...(occurredAt ? { occurredAt } : {}),
    },
    token,
  );

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const name = `Bookkeeper ${stamp}`;
  const customer = await api<{ id: number }>('POST', '/api/customers', { name, email: '' }, token);
  const casino = await api<{ id: number }>('POST', '/api/casinos', { name: `Books Casino ${stamp}` }, token);
  await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
  const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Purchase', casinoId: casino.id }, token);
  pair = { customer: customer.id, casino: casino.id, type: type.id, name };
  old = await entry('100.00', daysAgo(3));
  recent = await entry('50.00');
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  // Other browser tests write back-dated entries: leave the books open.
  const books = await api<{ closedThrough: string | null }>('GET', '/api/books', undefined, token);
  if (books.closedThrough) await api('POST', '/api/books/reopen', { through: null, reason: 'End of the books browser test' }, token);
  await s.close();
});

const history = () => s.page.goto(`${baseUrl()}/transactions/history?customerId=${pair.customer}`);

describe('closed books and proof', () => {
  it('closes the books through yesterday on the Books screen, and History locks those rows', async () => {
    const page = s.page;
    await page.goto(`${baseUrl()}/admin/books`);
    await page.getByRole('button', { name: 'Close through...' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note').fill('Checked and reported');
    await dialog.getByRole('button', { name: 'Close books' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('books-state').innerText()).toMatch(/^Closed through /);
    await page.getByRole('table', { name: 'Closes and reopens' }).getByText('Checked and reported').waitFor();

    await history();
    const locked = page.getByTestId(`locked-${old.id}`);
    await locked.waitFor();
    expect(await locked.getAttribute('aria-label')).toMatch(/is locked\. The books are closed through .*: reopen them/);
    await locked.hover();
    await page
      .getByRole('tooltip')
      .getByText(/The books are closed through/)
      .waitFor();
    expect(await page.getByRole('button', { name: `Edit transaction ${old.id}` }).count()).toBe(0);
    await page.getByRole('button', { name: `Edit transaction ${recent.id}` }).waitFor();

    await api('POST', '/api/books/reopen', { through: null, reason: 'Back to the test' }, token);
  });

  it('attaches a pasted screenshot in the Edit dialog and opens it from History', async () => {
    const page = s.page;
    await history();
    await page.getByRole('button', { name: `Edit transaction ${recent.id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Attachments').waitFor();
    // A screenshot on the clipboard, pasted while the dialog is open.
    await page.evaluate(() => {
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    await dialog.getByRole('button', { name: 'Open screenshot.png' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const clip = page.getByLabel('1 attachment');
    await clip.waitFor();
    await clip.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Open screenshot.png' }).click();
    const viewer = page.getByRole('dialog', { name: 'screenshot.png' });
    await viewer.getByRole('img', { name: 'screenshot.png' }).waitFor();
    await expect
      .poll(() => viewer.getByRole('img', { name: 'screenshot.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });

  it('shows a broken reconciliation on the Dashboard after a back-dated edit', async () => {
    const page = s.page;
    await api(
      'POST',
      '/api/customer-casinos/reconcile',
      { customerId: pair.customer, casinoId: pair.casino, unplayedCoins: '150.00', playedCoins: '0' },
      token,
    );
    await api(
      'PATCH',
      `/api/transactions/${old.id}`,
      {
        customerId: pair.customer,
        casinoId: pair.casino,
        transactionTypeId: pair.type,
        unplayedCoinsChange: '90.00',
        playedCoinsChange: '0',
        usdChange: '0',
      },
      token,
    );
    await page.goto(`${baseUrl()}/dashboard`);
    const notice = page.getByTestId('broken-reconciliations');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/\d+ broken reconciliations?/);
    await notice.getByRole('link', { name: 'See the differences' }).click();
    const row = page.getByRole('table', { name: 'Broken reconciliations' }).getByRole('row', { name: new RegExp(pair.name) });
    await row.waitFor();
    expect(await row.innerText()).toContain('-10.00');
  });
});
