import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { createServer } from '../src/server/server';
import { tempDir } from '../src/server/testing/test-db';
import { launchChromium } from './browser';

/**
 * Two people on one ledger (decision 141): what A records shows on B's screens within 2 s with no reload,
 * and after the server restarts B's app reconnects and is current again. This file runs its own server
 * (not the shared one) so that it can stop and start it on the same port.
 */
const ADMIN = { email: 'live.admin@example.com', password: 'Admin1234' };
const B_USER = { email: 'live.b@example.com', password: 'Staff12345!x' };
const WITHIN = 2_000;
const dataDir = tempDir('ledger-live-');
const env = (port: string) =>
  loadConfig({
    PORT: port,
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
  });

let server: Awaited<ReturnType<typeof createServer>>;
let baseUrl = '';
let browser: Awaited<ReturnType<typeof launchChromium>>;
let a: Page;
let b: Page;
let tokenA = '';
const ids = { customer: 0, casino: 0, type: 0 };

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A writes through its own signed-in browser session: the token its page holds. */
async function asA<T>(method: string, route: string, body?: unknown): Promise<T> {
  return a.evaluate(
    async ({ method, route, body }) => {
      const res = await fetch(route, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('auth_token')}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${route} -> ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, route, body },
  );
}

async function signedIn(context: BrowserContext, who: { email: string; password: string }) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  return page;
}

const purchase = (usd: string, sc: string) => ({
  customerId: ids.customer,
  casinoId: ids.casino,
  transactionTypeId: ids.type,
  usdChange: usd,
  unplayedCoinsChange: sc,
  playedCoinsChange: '0',
});

beforeAll(async () => {
  server = await createServer({ config: env('0'), announce: () => {} });
  baseUrl = await server.start();
  tokenA = (await api<{ token: string }>('POST', '/api/auth/login', ADMIN)).token;
  await api('POST', '/api/admin/users', { ...B_USER, firstName: 'Bea', lastName: 'Live', role: 'staff' });
  ids.customer = (await api<{ id: number }>('POST', '/api/customers', { name: 'Livia Stream', email: '' })).id;
  ids.casino = (await api<{ id: number }>('POST', '/api/casinos', { name: 'Live Casino', website: '', isActive: true, scRatio: 1000 })).id;
  ids.type = (await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Purchase', casinoId: ids.casino })).id;
  await api('POST', '/api/customer-casinos', { customerId: ids.customer, casinoId: ids.casino, status: 'active' });
  await api('POST', '/api/transactions', purchase('-10', '10000'));
  browser = await launchChromium();
  a = await signedIn(await browser.newContext({ viewport: { width: 1280, height: 900 } }), ADMIN);
  b = await signedIn(await browser.newContext({ viewport: { width: 1280, height: 900 } }), B_USER);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** B's page must not reload: a marker set on its window survives only without one. */
const markNoReload = () => b.evaluate(() => Object.assign(window, { liveMarker: 'kept' }));
const stillSamePage = () => b.evaluate(() => (window as Window & { liveMarker?: string }).liveMarker);

describe("B's screens follow A's writes", () => {
  it('History shows the row A records, within 2 s', async () => {
    await b.goto(`${baseUrl}/transactions/history`);
    await b
      .getByText(/10\.00/)
      .first()
      .waitFor();
    await markNoReload();
    await asA('POST', '/api/transactions', purchase('-23.45', '23450'));
    await b
      .getByText(/23\.45/)
      .first()
      .waitFor({ timeout: WITHIN });
    expect(await stillSamePage()).toBe('kept');
  });

  it("the Dashboard's Recent Activity shows it, within 2 s", async () => {
    await b.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await b.getByText('Recent Activity').waitFor();
    await b
      .getByText(/23\.45/)
      .first()
      .waitFor();
    await markNoReload();
    await asA('POST', '/api/transactions', purchase('-31.17', '31170'));
    await b
      .getByText(/31\.17/)
      .first()
      .waitFor({ timeout: WITHIN });
    expect(await stillSamePage()).toBe('kept');
  });

  it("the Add Transaction form's after-values move with A's purchase, within 2 s", async () => {
    await b.getByRole('link', { name: 'Add Transaction', exact: true }).click();
    await b.getByLabel('Customer', { exact: true }).and(b.locator('input')).click();
    await b.getByRole('option', { name: 'Livia Stream', exact: true }).click();
    await b.getByLabel('Casino', { exact: true }).and(b.locator('input')).click();
    await b.getByRole('option', { name: 'Live Casino', exact: true }).click();
    const after = b.getByTestId('preview-unplayed');
    // 10,000 + 23,450 + 31,170 SC so far, and the form's amounts are 0.
    await expect.poll(() => after.textContent()).toBe('64,620.00');
    await markNoReload();
    await asA('POST', '/api/transactions', purchase('-5', '5000'));
    await expect.poll(() => after.textContent(), { timeout: WITHIN }).toBe('69,620.00');
    expect(await stillSamePage()).toBe('kept');
  });

  it("the check-in board counts A's check-in, within 2 s", async () => {
    await b.getByRole('link', { name: 'Check-ins', exact: true }).click();
    await b.getByText('0 of 1 done').waitFor();
    await markNoReload();
    await asA('POST', '/api/check-ins', { customerId: ids.customer, casinoId: ids.casino, unplayedCoins: '1.5' });
    await b.getByText('1 of 1 done').waitFor({ timeout: WITHIN });
    expect(await stillSamePage()).toBe('kept');
  });

  it('after the server restarts, B is told it is not live, reconnects by itself and is current again', async () => {
    await b.goto(`${baseUrl}/transactions/history`);
    await b
      .getByText(/10\.00/)
      .first()
      .waitFor();
    await markNoReload();
    const port = new URL(baseUrl).port;
    await server.stop();
    await b.getByTestId('not-live').waitFor({ timeout: 10_000 });
    server = await createServer({ config: env(port), announce: () => {} });
    await server.start();
    // Written before B is back: B gets it when it reconnects (the server's replay, or a reset).
    await asA('POST', '/api/transactions', purchase('-47.89', '47890'));
    await b.getByTestId('not-live').waitFor({ state: 'detached', timeout: 15_000 });
    await b
      .getByText(/47\.89/)
      .first()
      .waitFor({ timeout: WITHIN });
    // And live again: the next write arrives as the others did.
    await asA('POST', '/api/transactions', purchase('-52.61', '52610'));
    await b
      .getByText(/52\.61/)
      .first()
      .waitFor({ timeout: WITHIN });
    expect(await stillSamePage()).toBe('kept');
  });
});

/** The USD change the server holds for one of the customer's entries. */
const usdSaved = async (id: number) =>
  (
    await api<{ transactions: { id: number; usdChange: string }[] }>('GET', `/api/transactions?customerId=${ids.customer}&limit=100`)
  ).transactions.find((t) => t.id === id)?.usdChange;

describe("B's Edit dialog of an entry A changes", () => {
  it("tells B as soon as A saves, refuses B's save with 409 naming A, keeps what B typed, and offers the current values", async () => {
    const tx = await api<{ id: number }>('POST', '/api/transactions', purchase('-20', '30000'));
    await b.goto(`${baseUrl}/transactions/history?customerId=${ids.customer}`);
    await b.getByRole('button', { name: `Edit transaction ${tx.id}` }).click();
    const dialog = b.getByRole('dialog', { name: 'Edit Transaction' });
    const usd = dialog.getByLabel('Change in USD ($)');
    await expect.poll(() => usd.inputValue()).toBe('-20.00');
    await usd.fill('-25');

    // A saves the same entry through its own session, without naming a version (the spec's clients).
    await asA('PATCH', `/api/transactions/${tx.id}`, { ...purchase('-21.50', '30000') });
    const notice = dialog.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await notice
      .getByText('Someone else changed this record while you were editing it. Reload to see their change before you save.')
      .waitFor({ timeout: WITHIN });
    expect(await usd.inputValue()).toBe('-25');

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const refusal =
      /^Admin changed this transaction on .+, after you opened it\. Nothing was saved: reload it to see the current values\.$/;
    await expect.poll(() => notice.locator('p').first().textContent()).toMatch(refusal);
    await b.getByText(/^Failed to update transaction\. Admin changed this transaction on /).waitFor();
    // Nothing of B's was written; B's typed value is still in the form.
    expect(await usdSaved(tx.id)).toBe('-21.50');
    expect(await usd.inputValue()).toBe('-25');

    await notice.getByRole('button', { name: 'Reload current values' }).click();
    await expect.poll(() => usd.inputValue()).toBe('-21.50');
    const typed = dialog.getByTestId('typed-values');
    await typed.getByText('USD change: -25', { exact: true }).waitFor();
    expect(await notice.count()).toBe(0);

    // Based on the current version now: B's next save goes through.
    await usd.fill('-26');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await b.getByText('Transaction updated successfully').waitFor();
    expect(await usdSaved(tx.id)).toBe('-26.00');
  });
});
