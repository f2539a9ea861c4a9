import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, PHONE } from '../e2e/browser';

// Usage: tsx scripts/screenshots.ts BASE_URL EMAIL PASSWORD OUT_DIR path[,path...]
// Signs in through the API, then captures each path at 1280 px and phone width, light and dark
// (SCHEMES=light or SCHEMES=dark for one of them).
const LAPTOP = { width: 1280, height: 800 };
const schemes = (process.env.SCHEMES ?? 'light,dark').split(',') as ('light' | 'dark')[];
const [base, email, password, outDir, list] = process.argv.slice(2);
const paths = (list ?? '/login').split(',');
fs.mkdirSync(outDir, { recursive: true });

const res = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const { token } = (await res.json()) as { token: string };
const browser = await launchChromium();
for (const scheme of schemes)
  for (const [size, viewport] of [
    ['1280', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    const label = `${size}-${scheme}`;
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('console', (msg) => msg.type() === 'error' && console.error(`console: ${msg.text()}`));
    for (const p of paths) {
      const signedOut = p.startsWith('!');
      const target = signedOut ? p.slice(1) : p;
      await page.goto(`${base}/login`);
      await page.evaluate(
        (t) => (t ? localStorage.setItem('auth_token', t) : localStorage.removeItem('auth_token')),
        signedOut ? null : token,
      );
      await page.goto(`${base}${target}`);
      await page.waitForTimeout(1200);
      const name = `${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}${signedOut ? '-out' : ''}-${label}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL_PAGE === '1' });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
await browser.close();
