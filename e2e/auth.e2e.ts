import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { latestOutboxMail } from '../src/server/testing/outbox';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn, uniqueEmail } from './helpers';

let s: Session;
beforeEach(async () => {
  s = await openBrowser();
});
afterEach(() => s.close());

describe('signing in and out', () => {
  it('signs in, shows the user in the header, and logs out', async () => {
    const { page } = s;
    await signIn(page, ADMIN.email, ADMIN.password);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Quick entry for casino transactions').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^ey/);
    await page.getByRole('link', { name: 'Users' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.getByText('Welcome back').waitFor();
  });

  it('refuses a wrong password with a clear message', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('WrongPass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('serves the web app under a content security policy that it runs within', async () => {
    const { page } = s;
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // A refusal the page's code catches (zod's eval probe) logs nothing, but still fires this event.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective}`));
    });
    const res = await page.goto(`${baseUrl()}/login`);
    const csp = (await res!.allHeaders())['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect((await res!.allHeaders())['x-frame-options']).toBe('SAMEORIGIN');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByText('Quick entry for casino transactions').waitFor();
    expect(violations).toEqual([]);
  });

  it('shows the 404 screen for an unknown path, also loaded directly', async () => {
    const { page } = s;
    const res = await page.goto(`${baseUrl()}/no/such/page`);
    expect(res?.status()).toBe(200);
    await page.getByText('404 Page Not Found').waitFor();
  });

  it('loads a deep link such as /transactions/history directly after sign-in', async () => {
    const { page } = s;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${baseUrl()}/transactions/history`);
    await page.getByText('View and filter all transactions').waitFor();
  });
});

describe('roles', () => {
  it('gives staff no Users link and sends them away from /admin/users', async () => {
    const adminToken = await apiToken(ADMIN.email, ADMIN.password);
    const email = uniqueEmail('staff');
    await api('POST', '/api/admin/users', { email, password: 'Staff1234', firstName: 'Stan' }, adminToken);
    const { page } = s;
    await signIn(page, email, 'Staff1234');
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Profitability/ }).count()).toBe(0);
    expect(await page.getByTestId('user-role').textContent()).toBe('staff');

    await page.goto(`${baseUrl()}/admin/users`);
    await page.getByText('Access Denied').first().waitFor();
    await page.getByText('Only administrators can manage users and their roles. Taking you to the start page...').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  });
});

describe('password reset from the outbox', () => {
  it('creates a user, sends a reset link, and the user sets a new password with it', async () => {
    const { page } = s;
    const email = uniqueEmail('reset');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('textbox', { name: /^Password/ }).fill('Initial123');
    await dialog.getByLabel('First name').fill('Rita');
    await dialog.getByLabel('Last name').fill('Reset');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('User created').waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Rita Reset');

    await row.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Reset Link' }).click();
    // Without SMTP_URL the link goes to the outbox, and the toast says so (decision 114).
    await page.getByText('Reset link written to the outbox').waitFor();
    expect(await page.getByText(`the reset link for ${email} was written to the server's outbox folder (outbox/`).textContent()).toMatch(
      /^No mail server is set up \(SMTP_URL\), so nothing was mailed: .* Hand it to them yourself\.$/,
    );

    const mail = latestOutboxMail(inject('dataDir'));
    expect(mail.text).toContain(`To: ${email}`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    await page.goto(`${baseUrl()}/reset-password?token=${mail.token}`);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Changed123');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Changed123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful!').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });

    await signIn(page, email, 'Changed123');
    await page.goto(`${baseUrl()}/reset-password?token=${mail.token}`);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Again1234');
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Again1234');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('This reset link is invalid or has expired. Please request a new password reset.').waitFor();
  });
});
