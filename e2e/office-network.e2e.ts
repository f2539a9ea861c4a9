import { describe, expect, it } from 'vitest';
import { launchChromium } from './browser';
import { ADMIN, baseUrl } from './helpers';

// Over plain HTTP at a name that is not loopback (http://office.lan:3000) the
// browser must not be told to upgrade to https, or the app stays blank. Chromium resolves office.lan to
// this machine, so the origin is not "potentially trustworthy" as localhost is.
describe('the web app on the office network over plain HTTP', () => {
  it('renders and signs in at http://office.lan:PORT', async () => {
    const port = new URL(baseUrl()).port;
    const browser = await launchChromium(['--host-resolver-rules=MAP office.lan 127.0.0.1']);
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(10_000);
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      const res = await page.goto(`http://office.lan:${port}/login`);
      const headers = await res!.allHeaders();
      expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security']).toBeUndefined();
      await page.getByLabel('Email address').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(new URL(page.url()).origin).toBe(`http://office.lan:${port}`);
      expect(failed).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
