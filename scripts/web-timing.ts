import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, launchChromium } from '../e2e/browser';
import { spawnServer } from '../src/server/testing/spawn-server';

/**
 * `npm run web:timing`: time from navigation to an interactive login screen, and to a rendered History
 * page of 100 rows, in headless Chromium against the built app on loopback (demo data, cold browser
 * cache each run). Needs `npm run build` first. Writes docs/web-timing.md.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 7;
const ADMIN = { email: 'admin@example.com', password: 'Timing1234' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-timing-'));
const env = {
  ...process.env,
  DATABASE_PATH: path.join(dir, 'app.db'),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  PORT: '0',
};

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], { cwd: ROOT, env, stdio: 'ignore' });
if (seeded.status !== 0) throw new Error('seed:demo failed');
const { child: server, url: base } = await spawnServer(env, 'src/server/main.ts', 'inherit');
const { token } = (await (
  await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
).json()) as { token: string };

const browser = await launchChromium();
const login: number[] = [];
const history: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  let t = performance.now();
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email address').fill('typing@example.com');
  login.push(performance.now() - t);

  const fresh = await browser.newContext({ viewport: DESKTOP });
  await fresh.addInitScript((tk) => localStorage.setItem('auth_token', tk), token);
  const historyPage = await fresh.newPage();
  t = performance.now();
  await historyPage.goto(`${base}/transactions/history`, { waitUntil: 'commit' });
  await historyPage.waitForFunction(() => document.querySelectorAll('table[aria-label="Transactions"] tbody tr').length === 100);
  history.push(performance.now() - t);
  await fresh.close();
  await context.close();
}
await browser.close();
server.kill('SIGTERM');
fs.rmSync(dir, { recursive: true, force: true });

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};
const l = stats(login);
const h = stats(history);
const doc = [
  '# Web timing',
  '',
  `Measured ${new Date().toISOString()} with \`npm run web:timing\` (${RUNS} runs, a cold browser context each run, headless Chromium, loopback, ${os.cpus().length} cores, Node ${process.version}).`,
  '',
  '| Measure | median ms | max ms |',
  '|---|---:|---:|',
  `| Navigation to an interactive login screen (Sign in visible, email typed) | ${l.median.toFixed(0)} | ${l.max.toFixed(0)} |`,
  `| Navigation to a rendered History page of 100 rows (signed in) | ${h.median.toFixed(0)} | ${h.max.toFixed(0)} |`,
  '',
].join('\n');
fs.writeFileSync(path.join(ROOT, 'docs', 'web-timing.md'), doc);
console.log(doc);
