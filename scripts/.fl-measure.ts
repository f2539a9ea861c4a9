import fs from 'node:fs';
import { launchChromium } from '../e2e/browser';
const base = 'http://127.0.0.1:3917';
const token = fs.readFileSync('/tmp/fl/token', 'utf8').trim();
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: Number(process.env.W ?? 1280), height: Number(process.env.H ?? 800) } });
const page = await ctx.newPage();
await page.goto(`${base}/login`);
await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
for (const p of process.argv.slice(2)) {
  await page.goto(`${base}${p}`);
  await page.waitForTimeout(2500);
  const info = await page.evaluate(() => {
    const out: string[] = [];
    document.querySelectorAll('.grid-scroll').forEach((g) => {
      const e = g as HTMLElement;
      const r = e.getBoundingClientRect();
      out.push(`grid x=${Math.round(r.x)} w=${Math.round(r.width)} clientW=${e.clientWidth} scrollW=${e.scrollWidth}`);
    });
    const lastTh = [...document.querySelectorAll('th')].map((th) => `${th.textContent}:${Math.round(th.getBoundingClientRect().right)}`).join(' ');
    out.push(`th ${lastTh}`);
    const btn = document.querySelector('button[aria-label^="Edit transaction"], button[aria-label^="Restore"]');
    if (btn) out.push(`action right=${Math.round(btn.getBoundingClientRect().right)} win=${window.innerWidth}`);
    const rows = [...document.querySelectorAll("tbody tr, [role=listitem]")].filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length;
    out.push(`rows above fold=${rows} firstRowH=${Math.round(document.querySelector('tbody tr')?.getBoundingClientRect().height ?? 0)}`);
    return out.join('\n');
  });
  console.log(p, '\n', info);
}
await browser.close();
