import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from './browser';
import { ADMIN, api, apiToken, baseUrl } from './helpers';

// Axe-core finds no critical or serious violation on any screen, dialogs included,
// light and dark, desktop and phone. axe-core is injected from node_modules (not @axe-core/playwright,
// which needs Node 22).
const AXE = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let token: string;
let masterId: number;
let casinoId: number;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  const customer = await api<{ id: number }>('POST', '/api/customers', { name: `Axel ${stamp}`, email: 'axel@example.com' }, token);
  const other = await api<{ id: number }>('POST', '/api/customers', { name: `Bea ${stamp}`, email: '' }, token);
  masterId = customer.id;
  for (const [i, name] of [`Aurora ${stamp}`, `Borealis ${stamp}`].entries()) {
    const casino = await api<{ id: number }>(
      'POST',
      '/api/casinos',
      { name, website: 'https://example.com', isActive: true, scRatio: 1000 },
      token,
    );
    const type = await api<{ id: number }>(
      'POST',
      '/api/transaction-types',
      { name: i ? 'Withdraw' : 'Purchase', casinoId: casino.id },
      token,
    );
    await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
    const tx = { customerId: customer.id, casinoId: casino.id, transactionTypeId: type.id, playedCoinsChange: '0' };
    await api('POST', '/api/transactions', { ...tx, usdChange: '-100', unplayedCoinsChange: '105000' }, token);
    await api('POST', '/api/transactions', { ...tx, usdChange: '250.5', unplayedCoinsChange: '-2500' }, token);
  }
  // Money in motion: a pending redemption and a check-in, so both screens show rows and actions.
  const aurora = (await api<{ id: number; name: string }[]>('GET', '/api/casinos', undefined, token)).find(
    (c) => c.name === `Aurora ${stamp}`,
  )!.id;
  casinoId = aurora;
  // Notes on the customer's and the casino's pages, so their notes panels show entries, not only the empty state.
  await api('POST', `/api/customers/${customer.id}/notes`, { text: 'Prefers a call before noon.' }, token);
  await api('POST', `/api/casinos/${aurora}/notes`, { text: 'Redemptions take three business days.' }, token);
  await api('POST', '/api/redemptions', { customerId: customer.id, casinoId: aurora, unplayedCoins: '50000', expectedUsd: '50' }, token);
  await api('POST', '/api/check-ins', { customerId: customer.id, casinoId: aurora, unplayedCoins: '1.5' }, token);
  await api(
    'POST',
    '/api/customer-casinos',
    {
      customerId: other.id,
      casinoId: (await api<{ id: number; name: string }[]>('GET', '/api/casinos', undefined, token)).find(
        (c) => c.name === `Aurora ${stamp}`,
      )!.id,
      status: 'active',
    },
    token,
  );
});

const SIGNED_IN = () => [
  '/transactions/add',
  '/dashboard',
  '/transactions/history',
  '/customers',
  '/casinos',
  '/types',
  '/admin/users',
  '/reports/high-sc',
  '/reports/profitability',
  `/reports/participation?masterUserId=${masterId}`,
  '/reports/transaction-types',
  '/admin/audit',
  '/admin/deleted-transactions',
  '/admin/access-log',
  '/admin/books',
  '/reports/reconciliation?show=broken',
  '/profile',
  '/redemptions',
  '/check-ins',
  '/reports/redemptions',
  '/no-such-page',
];
const SIGNED_OUT = ['/login', '/reset-password?token=abc'];

async function violations(page: Page): Promise<string[]> {
  // A dialog still fading in has its texts at part opacity: axe measures the screen as it ends up (spinners,
  // which never end, aside).
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return found
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}) at ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}]`)
          .join(' | ')}`,
    );
}

/** Waits until the page shows its content: no loader, no "Loading..." text. */
async function settled(page: Page) {
  await page.locator('main').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Loader-root') && !/Loading|Generating/.test(document.body.innerText),
    undefined,
    { timeout: 10_000 },
  );
  await page.waitForTimeout(100);
}

const modes = [
  ['light', 'desktop', DESKTOP],
  ['dark', 'desktop', DESKTOP],
  ['light', 'phone', PHONE],
  ['dark', 'phone', PHONE],
] as const;

describe('axe-core on every screen', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  for (const [scheme, label, viewport] of modes) {
    it(`${scheme} ${label}: no critical or serious violation on any screen or dialog`, async () => {
      const context = await browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
      const page = await context.newPage();
      const problems: string[] = [];
      const check = async (where: string) => problems.push(...(await violations(page)).map((v) => `${where}: ${v}`));

      for (const p of SIGNED_OUT) {
        await page.goto(`${baseUrl()}${p}`);
        await settled(page);
        await check(p);
      }
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
      for (const p of SIGNED_IN()) {
        await page.goto(`${baseUrl()}${p}`);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
        await check(p);
      }
      // Dialogs: Edit Transaction (from History), Add Customer, the shortcuts help.
      await page.goto(`${baseUrl()}/transactions/history`);
      await settled(page);
      const edit = page.getByRole('button', { name: /Edit transaction/ }).first();
      await edit.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).waitFor();
      await check('Edit Transaction dialog');
      await page.keyboard.press('Escape');
      // The dialog, whose code came when it first opened (decision 222), gives the focus back to Edit.
      await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.goto(`${baseUrl()}/customers`);
      await settled(page);
      await page.getByRole('button', { name: 'Add Customer' }).first().click();
      await page.getByRole('dialog').waitFor();
      await check('Add Customer dialog');
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: /^Notes on / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add note' }).waitFor();
      await check('Notes dialog');
      await page.keyboard.press('Escape');
      // The customer's and the casino's pages with a note in their notes panels.
      for (const [p, note] of [
        [`/customers/${masterId}`, 'Prefers a call before noon.'],
        [`/casinos/${casinoId}`, 'Redemptions take three business days.'],
      ]) {
        await page.goto(`${baseUrl()}${p}`);
        await settled(page);
        await page.getByText(note).waitFor();
        await check(p);
      }
      // The search box (Ctrl+K) open with results listed.
      await page.keyboard.press('Control+K');
      const search = page.getByRole('dialog', { name: 'Search everywhere' });
      await search.locator('input').fill(`Axel ${stamp}`);
      await search.getByText(`Axel ${stamp}`).first().waitFor();
      await check('Search box');
      await page.keyboard.press('Escape');
      // The header's "Not live" word, and its tooltip, while the change stream cannot connect.
      await page.route('**/api/events**', (route) => route.abort());
      await page.goto(`${baseUrl()}/dashboard`);
      await settled(page);
      await page.getByTestId('not-live').waitFor();
      await check('Not live indicator');
      await page.getByTestId('not-live').focus();
      await page.getByRole('tooltip').waitFor();
      await check('Not live indicator with its tooltip');
      await page.unroute('**/api/events**');
      await page.goto(`${baseUrl()}/admin/books`);
      await settled(page);
      await page.getByRole('button', { name: 'Close through...' }).click();
      await page.getByRole('dialog').waitFor();
      await check('Close the books dialog');
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl()}/redemptions`);
      await settled(page);
      await page
        .getByRole('button', { name: /Mark received/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await check('Mark received dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Request redemption' }).click();
      await page.getByRole('dialog').waitFor();
      await check('Request redemption dialog');
      await page.keyboard.press('Escape');
      // The check-in board with a row's SC field open (a table row on a desktop, a card on a phone).
      await page.goto(`${baseUrl()}/check-ins`);
      await settled(page);
      await page
        .getByRole('button', { name: /^Check in: / })
        .first()
        .click();
      await page.getByTestId('check-in-sc').waitFor();
      await check('Check-in SC field');
      await page.keyboard.type('1.x');
      await page.keyboard.press('Enter');
      await page.getByText('Must be a valid number').waitFor();
      await check('Check-in SC field with its error');
      await context.close();
      expect(problems).toEqual([]);
    }, 180_000);
  }
});

// The Edit dialog's ratio hint ("Above 1.1 threshold", on the tinted panel) and a field's error red pass
// AA in both schemes: both come from the contrast resolver (decision 095).
describe('axe-core colour contrast of the ratio hint and of error texts', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let customerId: number;
  beforeAll(async () => {
    browser = await launchChromium();
    const customer = await api<{ id: number }>('POST', '/api/customers', { name: `Hue ${stamp}`, email: '' }, token);
    const casino = await api<{ id: number }>(
      'POST',
      '/api/casinos',
      { name: `Tint ${stamp}`, website: '', isActive: true, scRatio: 1000 },
      token,
    );
    const type = await api<{ id: number }>('POST', '/api/transaction-types', { name: 'Purchase', casinoId: casino.id }, token);
    await api('POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }, token);
    // 115,000 SC for $100 at 1,000 SC a dollar: a ratio of 1.15, above the threshold.
    const tx = { customerId: customer.id, casinoId: casino.id, transactionTypeId: type.id, playedCoinsChange: '0' };
    await api('POST', '/api/transactions', { ...tx, usdChange: '-100', unplayedCoinsChange: '115000' }, token);
    customerId = customer.id;
  });
  afterAll(() => browser.close());

  const contrastOnly = async (page: Page) => {
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Element, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
      const dialog = document.querySelector('[role="dialog"]')!;
      const found = await axe.run(dialog, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
      return found.violations.flatMap((v) =>
        v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n')[1]?.trim()}`),
      );
    });
  };

  for (const scheme of ['light', 'dark'] as const)
    it(`${scheme}: the hint and the field errors pass AA`, async () => {
      const context = await browser.newContext({ viewport: DESKTOP, colorScheme: scheme, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/login`);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
      await page.goto(`${baseUrl()}/transactions/history?customerId=${customerId}`);
      await settled(page);
      await page
        .getByRole('button', { name: /Edit transaction/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByTestId('preview-ratio-hint').textContent()).toBe('Above 1.1 threshold');
      expect(await contrastOnly(page)).toEqual([]);
      // A ratio below the threshold (its red hint), then a field's error message in Mantine's error colour.
      await dialog.getByLabel('Change in Unplayed Coins').fill('100000');
      expect(await dialog.getByTestId('preview-ratio-hint').textContent()).toBe('Below 1.1 threshold');
      expect(await contrastOnly(page)).toEqual([]);
      // An amount that is not a number is refused in the browser, with its message under the field.
      await dialog.getByLabel('Change in USD ($)').fill('abc');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.locator('.mantine-InputWrapper-error').first().waitFor();
      expect(await contrastOnly(page)).toEqual([]);
      await context.close();
    }, 60_000);
});
