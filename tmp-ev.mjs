import puppeteer from 'puppeteer-core';
const base = 'http://127.0.0.1:4399';
const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Lighthouse1234' }) });
const { token } = await login.json();
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (const screen of process.argv.slice(2)) {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
  await page.evaluateOnNewDocument((t) => localStorage.setItem('auth_token', t), token);
  const t0 = Date.now(); const log = [];
  page.on('request', (r) => { if (/api\/events|trpc|assets/.test(r.url())) log.push(`${Date.now() - t0} req ${r.url().replace(base, '').slice(0, 70)}`); });
  page.on('requestfailed', (r) => log.push(`${Date.now() - t0} FAILED ${r.url().replace(base, '').slice(0, 60)} ${r.failure()?.errorText}`));
  await page.goto(base + screen, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 2500));
  console.log('==', screen); console.log(log.filter(l => /events|FAILED/.test(l)).join('\n'));
  await page.close();
}
await browser.close();
