import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn, uniqueEmail } from './helpers';

// Accounts an office can trust (decisions 100 to 103), in the browser: the second step turned on from
// Profile and used to sign in, a deactivated user's open browser sent to /login, and both in the access log.
const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });
const PASSWORD = 'Staff1234';

let sessions: Session[] = [];
beforeEach(() => {
  sessions = [];
});
afterEach(async () => {
  for (const s of sessions) await s.close();
});
async function browser(): Promise<Page> {
  const s = await openBrowser();
  sessions.push(s);
  return s.page;
}

describe('accounts in the browser', () => {
  it('turns the second step on from Profile, signs out, signs in with a code; the access log lists it', async () => {
    const admin = await apiToken(ADMIN.email, ADMIN.password);
    const email = uniqueEmail('otp');
    await api('POST', '/api/admin/users', { email, password: PASSWORD, firstName: 'Otto', lastName: 'Pass', role: 'staff' }, admin);
    const page = await browser();
    await signIn(page, email, PASSWORD);
    await page.getByRole('button', { name: /Otto Pass.*Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('This device').waitFor();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from your app').fill(code(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = (await page.getByTestId('recovery-codes').textContent())!;
    expect(codes.match(/[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}/g)).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor();
    // The code that turned it on is spent: the next step's code (one step ahead is accepted for clock drift).
    await page.getByLabel('Authentication code').fill(code(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    const log = await api<{ entries: { kind: string; detail: string | null }[] }>(
      'GET',
      `/api/admin/access-log?limit=10`,
      undefined,
      admin,
    );
    const mine = log.entries.filter((e) => e.kind === 'two-factor-enabled' || e.detail === 'Password and code');
    expect(mine.map((e) => e.kind)).toEqual(['sign-in', 'two-factor-enabled']);
  });

  it("a deactivated staff member's open browser lands on /login at its next action; the Access log screen lists both events", async () => {
    const admin = await apiToken(ADMIN.email, ADMIN.password);
    const email = uniqueEmail('leaver');
    const staff = await api<{ id: number }>(
      'POST',
      '/api/admin/users',
      { email, password: PASSWORD, firstName: 'Lee', lastName: 'Ver', role: 'staff' },
      admin,
    );
    const staffPage = await browser();
    await signIn(staffPage, email, PASSWORD);

    const adminPage = await browser();
    await signIn(adminPage, ADMIN.email, ADMIN.password);
    await adminPage.goto(`${baseUrl()}/admin/users`);
    await adminPage.getByRole('button', { name: `Account actions for ${email}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = adminPage.getByRole('dialog');
    expect(await dialog.textContent()).toContain(`Lee Ver (${email})`);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await adminPage.getByText(`${email} is deactivated`).waitFor();

    // Its next action that asks the server (screens already read are shown from the browser's cache).
    await staffPage.getByRole('link', { name: 'Transaction History' }).click();
    await staffPage.waitForURL('**/login', { timeout: 10_000 });
    expect(await staffPage.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await adminPage.goto(`${baseUrl()}/admin/access-log?userId=${staff.id}`);
    const table = adminPage.getByRole('table', { name: 'Access log' });
    await table.getByText('Deactivated').waitFor();
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Deactivated');
    expect(rows[0]).toContain(`by ${ADMIN.email}`);
    expect(rows[1]).toContain('Signed in');
  });
});
