import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import puppeteer from 'puppeteer-core';
import { BROWSER_FLAGS } from '../e2e/browser';
import { browserPath } from '../e2e/browser-path';
import { spawnServer } from '../src/server/testing/spawn-server';
import { SCREENS } from '../src/shared/screens';
import { AUTH_TOKEN_KEY, LAST_ROLE_KEY } from '../src/web/lib/auth-token';

/**
 * `npm run web:timing` (or `npm run lighthouse`): Lighthouse's mobile preset (a mid-range phone: simulated slow 4G, 4x slower CPU)
 * and its desktop preset on every screen (the sidebar's and Profile), signed in as an admin over the demo data, and on
 * Login, Reset and a 404. Needs `npm run build` first. Writes the table into docs/benchmarks.md's
 * "Phone and desktop (Lighthouse)" section. `--only /customers,/dashboard` measures some screens;
 * `--preset mobile|desktop` one preset; `--runs N` takes each screen's median of N runs (default 1); `--save DIR` keeps each report's JSON
 * there (to read its audits and treemap); `--critical-path DIR` writes there, per run, the graph Lighthouse simulated for the
 * screen's largest paint (each request and main-thread task, simulated start and end) and the tasks it counts as blocking
 * (decision 235).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const RUNS = Number(arg('runs') ?? 1);
const ADMIN = { email: 'admin@example.com', password: 'Lighthouse1234' };

// Every screen of shared/screens.ts: the sidebar's (Access log and Books among them) and Profile, which the
// account menu opens.
const SIGNED_IN = SCREENS.map((s) => s.path);
const SIGNED_OUT = ['/login', '/reset-password?token=lighthouse', '/no-such-screen'];
const only = arg('only')?.split(',');
const screens = [...SIGNED_IN, ...SIGNED_OUT].filter((s) => !only || only.includes(s));
const presets = (arg('preset') ? [arg('preset')] : ['mobile', 'desktop']) as ('mobile' | 'desktop')[];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-lighthouse-'));
const env = {
  DATABASE_PATH: path.join(dir, 'app.db'),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  PORT: '0',
};
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], {
  cwd: ROOT,
  env: { ...process.env, ...env },
  stdio: 'ignore',
});
if (seeded.status !== 0) throw new Error('seed:demo failed');
const { child: server, url: base } = await spawnServer(env, 'dist/server/main.mjs', 'inherit');
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ADMIN),
});
const { token } = (await login.json()) as { token: string };

const chrome = await chromeLauncher.launch({
  chromePath: browserPath(),
  chromeFlags: ['--headless=new', ...BROWSER_FLAGS],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (its 4x phone is meant for about 1,500). */
  cpuIndex: number;
  failed: string[];
}

async function measure(screen: string, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const page = await browser.newPage();
  // Lighthouse clears the origin's caches before it loads the screen (a cold cache) but keeps its local
  // storage (clearStorageTypes leaves local_storage): the token is stored before, as a signed-in phone has
  // it (with the role its last sign-in check answered, decision 251), and taken out for a signed-out
  // screen (else /login measured a signed-in visit's redirect). Stored from a page of the origin, not by a
  // script run in each new document: that one ran inside the page's first task, which Lighthouse's phone
  // then counted before the page's scripts could be asked for (decision 255).
  const signedIn = SIGNED_IN.includes(screen);
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    (t: string | null, tokenKey: string, roleKey: string) => {
      if (t) localStorage.setItem(tokenKey, t);
      else localStorage.removeItem(tokenKey);
      if (t) localStorage.setItem(roleKey, 'admin');
      else localStorage.removeItem(roleKey);
    },
    signedIn ? token : null,
    AUTH_TOKEN_KEY,
    LAST_ROLE_KEY,
  );
  const result = await lighthouse(
    `${base}${screen}`,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
    preset === 'desktop' ? desktopConfig : undefined,
    page,
  );
  await page.close();
  writeCriticalPath(screen, preset, result?.lhr.audits['first-contentful-paint']?.numericValue ?? 0);
  if (!result) throw new Error(`Lighthouse gave no result for ${screen}`);
  const save = arg('save');
  if (save) fs.writeFileSync(path.join(save, `${preset}${screen.split('?')[0].replaceAll('/', '-')}.json`), JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failed = Object.values(categories)
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cpuIndex: result.lhr.environment.benchmarkIndex,
    failed: [...new Set(failed)],
  };
}

/**
 * A run Lighthouse could not finish (NO_NAVSTART, "loaded too slowly": its trace, not the page) is run
 * again, up to twice, rather than written as a score of 0.
 */
async function measureAgain(screen: string, preset: 'mobile' | 'desktop'): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    const scores = await measure(screen, preset);
    if (!Number.isNaN(scores.lcp) || attempt === 3) return scores;
    console.log(`(${screen} ${preset}: Lighthouse did not finish its trace; measuring again)`);
  }
}

function median(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

const rows: string[] = [];
try {
  for (const preset of presets) {
    for (const screen of screens) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureAgain(screen, preset));
      const s = median(runs);
      const row = `| ${screen.split('?')[0]} | ${preset} | ${s.performance} | ${(s.lcp / 1000).toFixed(1)} s | ${Math.round(s.tbt)} ms | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${Math.round(s.cpuIndex)} | ${s.failed.join(', ') || '—'} |`;
      rows.push(row);
      console.log(row);
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  server.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}

const section = [
  '## Phone and desktop (Lighthouse)',
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run web:timing\` after \`npm run build\` (Lighthouse ${lighthouseVersion()}, Debian's Chromium, demo data, signed in as an admin; ${RUNS} run${RUNS === 1 ? '' : 's'} a screen, the median by performance; ${os.cpus().length} cores). Mobile is Lighthouse's default preset (simulated slow 4G, 4x CPU slowdown); desktop its desktop preset. CPU index is Lighthouse's benchmark of this machine during the run: its 4x slowdown stands for a mid-range phone on a machine of about 1,500, so a slower machine measures a slower phone (decision 226).`,
  '',
  '| screen | preset | performance | LCP | TBT | accessibility | best practices | SEO | CPU index | audits below 90 |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows,
  '',
].join('\n');
if (!only && presets.length === 2) writeSection(section);
else console.log('\n(only some screens or one preset: docs/benchmarks.md left as it is)');

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

/** Replaces the section in docs/benchmarks.md (or appends it), leaving the rest as it is. */
function writeSection(text: string) {
  const file = path.join(ROOT, 'docs', 'benchmarks.md');
  const doc = fs.readFileSync(file, 'utf8');
  const start = doc.indexOf('## Phone and desktop (Lighthouse)');
  if (start < 0) return fs.writeFileSync(file, `${doc.trimEnd()}\n\n${text}`);
  const next = doc.indexOf('\n## ', start + 3);
  fs.writeFileSync(file, doc.slice(0, start) + text + (next < 0 ? '' : doc.slice(next + 1)));
}

/** A node of Lighthouse's simulated load: a request, or a main-thread task (its observed length in microseconds). */
interface SimulatedNode {
  type: string;
  request?: { url: string; transferSize: number };
  duration?: number;
  didPerformLayout?: () => boolean;
  childEvents?: { name: string; dur?: number }[];
}
type Timings = Map<SimulatedNode, { startTime: number; endTime: number }>;

/** The kinds of work a task's trace events name, the longest first ("Layout 20.1, UpdateLayoutTree 12.5"). */
function taskWork(node: SimulatedNode): string {
  const TASK_WORK = new Set([
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'RunMicrotasks',
    'v8.evaluateModule',
    'EvaluateScript',
    'ParseHTML',
    'ParseAuthorStyleSheet',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'MinorGC',
    'MajorGC',
  ]);
  const sums = new Map<string, number>();
  for (const e of node.childEvents ?? []) if (TASK_WORK.has(e.name)) sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0));
  const top = [...sums].sort((a, b) => b[1] - a[1]).filter(([, d]) => d >= 500);
  return top.length ? `: ${top.map(([name, d]) => `${name} ${(d / 1000).toFixed(1)}`).join(', ')}` : '';
}

/**
 * `--critical-path DIR`: the simulation of the screen's largest paint, node by node, and the main-thread
 * tasks longer than 50 ms in the simulation of its blocking time, each with the work its trace names
 * (decision 235). The simulator keeps every simulation of a run by name; they are cleared for the next run.
 */
function writeCriticalPath(screen: string, preset: string, fcp: number) {
  const dir = arg('critical-path');
  const all = (Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, Timings> }).allNodeTimings;
  if (dir) {
    const line = (node: SimulatedNode, t: { startTime: number; endTime: number }) =>
      `${Math.round(t.startTime)}\t${Math.round(t.endTime)}\t` +
      (node.request
        ? `request ${node.request.transferSize} B ${node.request.url.replace(/^https?:\/\/[^/]+/, '')}`
        : `task ${((node.duration ?? 0) / 1000).toFixed(1)} ms at 1x${taskWork(node)}`);
    const sorted = (timings: Timings | undefined) => [...(timings ?? [])].sort((a, b) => a[1].startTime - b[1].startTime);
    const text = [
      `# ${screen} (${preset}): Lighthouse's simulated load, ms (start, end, what)`,
      '## largest contentful paint (pessimistic graph)',
      ...sorted(all.get('pessimisticLargestContentfulPaint')).map(([node, t]) => line(node, t)),
      `## tasks over 50 ms (simulated) in the blocking-time graph; * after the first contentful paint (${Math.round(fcp)} ms), where they count`,
      ...sorted(all.get('pessimisticTotalBlockingTime'))
        .filter(([node, t]) => node.type === 'cpu' && t.endTime - t.startTime > 50)
        .map(([node, t]) => `${t.startTime >= fcp ? '* ' : ''}${line(node, t)}`),
    ].join('\n');
    fs.mkdirSync(dir, { recursive: true });
    fs.appendFileSync(path.join(dir, `${preset}${screen.split('?')[0].replaceAll('/', '-')}.txt`), `${text}\n\n`);
  }
  all.clear();
}
