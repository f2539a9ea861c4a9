import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { spawnServer } from '../../src/server/testing/spawn-server';
import { measureSqliteCommits } from './sqlite-commits';
import { entryBody, type PhaseResult, readOfficeData, awaitDailyLedgerCheck, runPhase, timeExport, warmUp } from './office';
import { screenPlans, type ScreenPlan } from './query-plans';
import { screenCases } from './screen-cases';
import { type EveryRowLoop, readEveryRowInALoop } from './every-row';
import { openChangeStreams, type StreamsReport } from './streams';
import { BENCH_ADMIN, benchServerEnv, startOnceBefore } from './bench-server';

/**
 * `npm run bench`: seeds (once) a 1,000,000-transaction database, starts the real server on a copy of
 * it, drives it over loopback with autocannon, measures two baselines in the same run, and writes the
 * table to docs/benchmarks.md. Options: --seconds N per scenario (default 10), --connections N (10),
 * --office-seconds N per office phase (60), --only office (skip the single-request scenarios),
 * --streams N change streams (GET /api/events) held open through the office phases (50; 0 for none),
 * --without-pages (the office's mix without the customer and casino pages and search, to compare with code
 * from before them; with --no-exports, as such a run writes no page),
 * --dir PATH for the seed (data/bench), --report PATH for the page written (docs/benchmarks.md): a
 * trial at a tiny size goes to a temporary folder, leaving the real seed and page alone.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SECONDS = opt('seconds', 10);
const CONNECTIONS = opt('connections', 10);
const TX = opt('transactions', 1_000_000);
const CUSTOMERS = opt('customers', 2000);
const CASINOS = opt('casinos', 50);
const OFFICE_SECONDS = opt('office-seconds', 60);
const STREAMS = opt('streams', 50);
const OFFICE_ONLY = args.includes('--only') && args[args.indexOf('--only') + 1] === 'office';
/** A quick look while working: the two office phases only, printed, docs/benchmarks.md left as it is. */
const NO_EXPORTS = args.includes('--no-exports');
const PAGES = !args.includes('--without-pages');
const OTHER_BENCHMARKS = '<!-- Other benchmarks: kept as they are when npm run bench rewrites the sections above. -->';
const READERS = 8;
const WRITES_PER_SECOND = 20;
const ADMIN = BENCH_ADMIN;
const optText = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? path.resolve(args[at + 1]) : fallback;
};
const dataDir = optText('dir', path.join(ROOT, 'data', 'bench'));
const REPORT_FILE = optText('report', path.join(ROOT, 'docs', 'benchmarks.md'));
const seedFile = path.join(dataDir, `seed-${TX}-${CUSTOMERS}-${CASINOS}.db`);
const seedInfoFile = `${seedFile}.json`;
const tsx = ['--import', 'tsx'];
/** The recorded runs are at 1,000,000 transactions; a run at another size gets a section of its own. */
const MAIN_SIZE = 1_000_000;

function log(text: string) {
  console.log(`[bench] ${text}`);
}

function ensureSeed(): void {
  if (fs.existsSync(seedFile)) return log(`reusing ${path.relative(ROOT, seedFile)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  log(`seeding ${TX} transactions (npm run seed:bulk)...`);
  const res = spawnSync(
    process.execPath,
    [...tsx, 'src/server/cli/seed-bulk.ts', '--transactions', String(TX), '--customers', String(CUSTOMERS), '--casinos', String(CASINOS)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_PATH: seedFile, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    },
  );
  if (res.status !== 0) throw new Error('seed:bulk failed');
  fs.writeFileSync(seedInfoFile, JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
}

/** How long `npm run seed:bulk` took to build the database (kept beside it when the bench seeded it). */
function seedSeconds(): number | undefined {
  return fs.existsSync(seedInfoFile) ? (JSON.parse(fs.readFileSync(seedInfoFile, 'utf8')) as { seconds: number }).seconds : undefined;
}

/** A consistent copy through SQLite's online backup API. */
async function copyDb(to: string): Promise<void> {
  for (const f of [to, `${to}-wal`, `${to}-shm`]) fs.rmSync(f, { force: true });
  const src = new SQLite(seedFile, { readonly: true });
  await src.backup(to);
  src.close();
}

const start = (script: string, env: Record<string, string>) => spawnServer(env, script, 'inherit');

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Row {
  name: string;
  group: 'baseline' | 'read' | 'write' | 'report' | 'deep' | 'login';
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  baseline?: 'fastify' | 'sqlite';
  rss?: number;
  /** One request right after a write emptied the read cache (ms). */
  cold?: number;
}

/** Waits until the server answers its health check quickly again, so one scenario's backlog cannot spill into the next. */
async function drain(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const t = performance.now();
    try {
      await fetch(`${new URL(url).origin}/api/health`);
    } catch {
      // not answering yet
    }
    if (performance.now() - t < 50) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function load(
  name: string,
  url: string,
  options: Partial<autocannon.Options>,
  pid?: number,
): Promise<{ rps: number; p50: number; p99: number; errors: number; rss: number }> {
  let peak = 0;
  const timer = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200) : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  if (timer) clearInterval(timer);
  await drain(url);
  // A scenario where nothing completed is an error, not a zero-latency success.
  const errors = result.errors + result.timeouts + result.non2xx + (result.requests.total === 0 ? 1 : 0);
  log(
    `${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${errors ? `, ${errors} errors` : ''}`,
  );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, rss: peak };
}

async function main() {
  ensureSeed();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
  const rows: Row[] = [];

  // Both baselines are measured at the start and again at the end of the run; ratios use their mean,
  // so a machine that speeds up or slows down during the run does not tilt them.
  const sqliteCopy = path.join(runDir, 'sqlite-baseline.db');
  await copyDb(sqliteCopy);
  const measureBaselines = async (when: string) => {
    const hello = await start('scripts/bench/hello-server.ts', { PORT: '0', LOG_LEVEL: 'warn' });
    const bare = await load(`bare Fastify hello (${when})`, `${hello.url}/hello`, {});
    hello.child.kill('SIGTERM');
    rows.push({ name: `Bare Fastify hello route, no auth (${when} of the run)`, group: 'baseline', ...bare });
    const commits = measureSqliteCommits(sqliteCopy, SECONDS);
    log(
      `bare SQLite commits (${when}): ${commits.perSecond.toFixed(0)}/s, p50 ${commits.p50.toFixed(2)} ms, p99 ${commits.p99.toFixed(2)} ms`,
    );
    rows.push({
      name: `Bare better-sqlite3 one-row commits, WAL, synchronous=FULL (${when} of the run)`,
      group: 'baseline',
      rps: commits.perSecond,
      p50: commits.p50,
      p99: commits.p99,
      errors: 0,
    });
    return { fastify: bare.rps, sqlite: commits.perSecond };
  };
  const before = await measureBaselines('start');

  // The real server on its own copy.
  const serverDb = path.join(runDir, 'server.db');
  await copyDb(serverDb);
  const meta = new SQLite(serverDb, { readonly: true });
  const links = meta
    .prepare(
      `select l.customerId, l.casinoId, (select id from transactionTypes t where t.casinoId = l.casinoId order by id limit 1) typeId from customerCasinos l where status = 'active' limit 2000`,
    )
    .all() as { customerId: number; casinoId: number; typeId: number }[];
  const someCustomer = links[0].customerId;
  const customerIds = (meta.prepare('select id from customers order by id').all() as { id: number }[]).map((r) => r.id);
  const someCasino = links[0].casinoId;
  const oneType = links[0].typeId;
  const office = readOfficeData(meta);
  meta.close();

  // The server as `npm start` runs it: the compiled bundle (built here when stale).
  if (spawnSync(process.execPath, [...tsx, 'src/server/cli/build.ts'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error('build failed');
  const serverEnv = benchServerEnv(serverDb);
  await startOnceBefore(serverEnv);
  const server = await start('dist/server/main.mjs', serverEnv);
  const pid = server.child.pid!;
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  let n = 0;
  /** A write (which empties the read cache), then one timed request: what the first reader after a change waits. */
  const coldMs = async (p: string) => {
    await fetch(`${server.url}/api/transactions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: entryBody(links[n++ % links.length]),
    });
    const t = performance.now();
    const res = await fetch(`${server.url}${p}`, { headers: auth });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
    return performance.now() - t;
  };
  const get = async (name: string, group: Row['group'], p: string, baseline?: Row['baseline']) => {
    const cold = await coldMs(p);
    const r = await load(name, `${server.url}${p}`, { headers: auth }, pid);
    rows.push({ name, group, baseline, cold, ...r });
  };
  /** The same kind of request with a different key each time (customer, offset...), so the read cache cannot answer. */
  const getVaried = async (name: string, group: Row['group'], paths: string[], baseline?: Row['baseline']) => {
    let i = 0;
    const r = await load(
      name,
      `${server.url}${paths[0]}`,
      { headers: auth, requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }] },
      pid,
    );
    rows.push({ name, group, baseline, ...r });
  };

  // The office: readers alone, readers with the write stream, then full exports under the readers.
  // The server builds the range columns (decision 023) as it starts: the office's clock starts once that start-up work is done.
  await warmUp(server.url, token, office);
  const check = await awaitDailyLedgerCheck(serverDb);
  log(
    `the daily ledger check: done ${check.seconds.toFixed(1)} s after the warm-up read, over ${check.checkedTransactions} transactions, ${check.ok ? 'held' : 'FAILED'}`,
  );
  // The office's browsers each hold a change stream (decision 150): open through every phase below.
  log(`opening ${STREAMS} change streams (GET /api/events)...`);
  const streams = await openChangeStreams(server.url, token, STREAMS);
  // A server in an office has answered screens all day: 10 s of the same kind of reads first (not counted),
  // so V8 has compiled the hot paths before the clock starts.
  log(`office warm-up: ${READERS} readers, 10 s, not counted...`);
  await runPhase({ url: server.url, token, pid, data: office, seconds: 10, readers: READERS, writesPerSecond: 0, pages: PAGES });
  await drain(server.url);
  log(`office: ${READERS} readers, ${OFFICE_SECONDS} s, no writes...`);
  const readsOnly = await runPhase({
    url: server.url,
    token,
    pid,
    data: office,
    seconds: OFFICE_SECONDS,
    readers: READERS,
    writesPerSecond: 0,
    pages: PAGES,
  });
  const cpuPerRead = (r: PhaseResult) =>
    `server CPU per read: main thread ${((r.cpu.main / r.reads) * 1000).toFixed(2)} ms, other threads ${((r.cpu.others / r.reads) * 1000).toFixed(2)} ms`;
  log(`office reads only: ${readsOnly.readsPerSecond.toFixed(0)} reads/s, ${readsOnly.errors.length} errors, ${cpuPerRead(readsOnly)}`);
  await drain(server.url);
  log(`office: ${READERS} readers + ${WRITES_PER_SECOND} writes/s, ${OFFICE_SECONDS} s...`);
  const mixed = await runPhase({
    url: server.url,
    token,
    pid,
    data: office,
    seconds: OFFICE_SECONDS,
    readers: READERS,
    writesPerSecond: WRITES_PER_SECOND,
    pages: PAGES,
  });
  log(
    `office mixed: ${mixed.readsPerSecond.toFixed(0)} reads/s, writes p99 ${mixed.writes.p99.toFixed(1)} ms, ${mixed.errors.length} errors, RSS ${mixed.peakRssMb.toFixed(0)} MB, ${cpuPerRead(mixed)}`,
  );
  for (const [a, b] of readsOnly.screens.map((x) => [x, mixed.screens.find((y) => y.screen === x.screen)] as const)) {
    log(
      `  ${a.screen.padEnd(26)} alone p50 ${a.p50.toFixed(1)} p99 ${a.p99.toFixed(1)} | with writes p50 ${b?.p50.toFixed(1)} p99 ${b?.p99.toFixed(1)}`,
    );
  }
  await drain(server.url);
  if (NO_EXPORTS || !PAGES) {
    const seen = streams.stop();
    log(
      `change streams: ${seen.opened} open, ${seen.events} events, delivery p99 ${seen.delivery.p99} ms, ${seen.ended} ended by the server`,
    );
    server.child.kill('SIGTERM');
    fs.rmSync(runDir, { recursive: true, force: true });
    return;
  }
  // A script reading every row of Participation in a loop: it runs on the export thread (decision 085), the screens keep theirs.
  log(`every row of Participation read in a loop by one client while ${READERS} readers go on, ${OFFICE_SECONDS} s...`);
  let loop: EveryRowLoop | undefined;
  const underLoop = await runPhase({
    url: server.url,
    token,
    pid,
    data: office,
    seconds: OFFICE_SECONDS,
    readers: READERS,
    writesPerSecond: 0,
    during: async () => void (loop = await readEveryRowInALoop(server.url, token, office.customerIds, OFFICE_SECONDS)),
  });
  const everyRow = { loop: loop!, under: underLoop };
  log(
    `every row: ${everyRow.loop.reads} reads (${everyRow.loop.rows} rows, p99 ${everyRow.loop.p99.toFixed(0)} ms, ${everyRow.loop.refused} refused), screens ${underLoop.readsPerSecond.toFixed(0)} reads/s, worst p99 ${Math.max(...underLoop.screens.map((x) => x.p99)).toFixed(1)} ms`,
  );
  await drain(server.url);
  const exports: { file: string; ms: number; firstByteMs: number; bytes: number; status: number; under: PhaseResult }[] = [];
  for (const file of ['transactions.csv', 'transactions.xlsx']) {
    log(`export ${file} of every row while ${READERS} readers go on...`);
    let timed: Awaited<ReturnType<typeof timeExport>> | undefined;
    const under = await runPhase({
      url: server.url,
      token,
      pid,
      data: office,
      seconds: 5,
      readers: READERS,
      writesPerSecond: 0,
      during: async () => void (timed = await timeExport(server.url, token, file)),
    });
    exports.push({ file, ...timed!, under });
    log(`export ${file}: ${(timed!.ms / 1000).toFixed(1)} s, ${(timed!.bytes / 2 ** 20).toFixed(0)} MB, status ${timed!.status}`);
    await drain(server.url);
  }
  const plansDb = new SQLite(serverDb, { readonly: true });
  plansDb.pragma('cache_size = -8000');
  const plans = await screenPlans(
    plansDb,
    { timeZone: 'UTC' },
    screenCases({
      customerId: someCustomer,
      casinoId: someCasino,
      transactionTypeId: oneType,
      total: office.total,
      month: { startDate: `${office.firstDay.slice(0, 7)}-01`, endDate: dayAfterMonth(office.firstDay) },
      wide: { startDate: office.firstDay, endDate: office.lastDay },
    }),
  );
  plansDb.close();
  const officeReport = { check, readsOnly, mixed, everyRow, exports, plans, load: os.loadavg(), streams: streams.stop() };
  if (OFFICE_ONLY) {
    server.child.kill('SIGTERM');
    fs.rmSync(runDir, { recursive: true, force: true });
    writeReport(rows, before.fastify, before.sqlite, officeReport);
    return;
  }

  const range = `startDate=2025-01-01&endDate=2025-03-31`;
  await get('GET /api/auth/user', 'read', '/api/auth/user', 'fastify');
  await get('History page 1 (100 rows + totalCount), unfiltered', 'read', '/api/transactions?offset=0&limit=100', 'fastify');
  await get('History page 1, filtered by customer', 'read', `/api/transactions?customerId=${someCustomer}&limit=100`, 'fastify');
  await getVaried(
    'History page 1 by customer, each of the 2,000 customers in turn (no cache)',
    'read',
    customerIds.map((c) => `/api/transactions?customerId=${c}&limit=100`),
    'fastify',
  );
  await get('History page 1, casino + date range', 'read', `/api/transactions?casinoId=${someCasino}&${range}&limit=100`, 'fastify');
  await get('History deep page (offset 500,000)', 'deep', '/api/transactions?offset=500000&limit=100');
  await getVaried(
    'History deep pages, offsets 400,000-600,000, a different one each request (no cache)',
    'deep',
    Array.from({ length: 2000 }, (_, i) => `/api/transactions?offset=${400_000 + i * 100}&limit=100`),
  );
  await get(
    'History page 1 through tRPC',
    'read',
    `/trpc/transactions.list?input=${encodeURIComponent(JSON.stringify({ offset: 0, limit: 100 }))}`,
    'fastify',
  );

  const post = async (name: string, pick: () => (typeof links)[number]) => {
    const r = await load(
      name,
      `${server.url}/api/transactions`,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        setupClient: (client) => client.setBody(entryBody(pick())),
        requests: [{ setupRequest: (req) => ({ ...req, body: entryBody(pick()) }) }],
      },
      pid,
    );
    rows.push({ name, group: 'write', baseline: 'sqlite', ...r });
  };
  await post('POST /api/transactions, spread over 2,000 pairs', () => links[n++ % links.length]);
  await post('POST /api/transactions, all on one pair', () => links[0]);

  // The report screens ask for one page of rows and the cards' summary; REST without limit returns every row.
  const page = 'limit=100&offset=0';
  await get('Report: high SC (threshold 100), page of 100 rows', 'report', `/api/reports/high-sc?threshold=100&${page}`);
  await get(
    'Report: high SC cards (tRPC reports.highScSummary)',
    'report',
    `/trpc/reports.highScSummary?input=${encodeURIComponent(JSON.stringify({ threshold: 100 }))}`,
  );
  await get('Report: high SC, every row (REST default)', 'report', '/api/reports/high-sc?threshold=100');
  await get('Report: profitability, unfiltered, page of 100 rows', 'report', `/api/reports/profitability?${page}`);
  await get('Report: profitability cards, unfiltered (tRPC)', 'report', '/trpc/reports.profitabilitySummary');
  await get('Report: profitability, every row (REST default)', 'report', '/api/reports/profitability');
  await get('Report: profitability, date range, page of 100 rows', 'report', `/api/reports/profitability?${range}&${page}`);
  await get(
    'Report: profitability cards, date range (tRPC)',
    'report',
    `/trpc/reports.profitabilitySummary?input=${encodeURIComponent(JSON.stringify({ startDate: '2025-01-01', endDate: '2025-03-31' }))}`,
  );
  await get('Report: participation', 'report', `/api/reports/participation?masterUserId=${someCustomer}`);
  await get('Report: transaction types (one type)', 'report', `/api/reports/transaction-types?transactionTypeId=${oneType}`);

  const loginLoad = await load(
    'POST /api/auth/login',
    `${server.url}/api/auth/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    },
    pid,
  );
  rows.push({ name: 'POST /api/auth/login (argon2id, cost reported)', group: 'login', ...loginLoad });

  server.child.kill('SIGTERM');
  const after = await measureBaselines('end');
  fs.rmSync(runDir, { recursive: true, force: true });
  writeReport(rows, (before.fastify + after.fastify) / 2, (before.sqlite + after.sqlite) / 2, officeReport);
}

function verdict(row: Row, fastify: number, sqlite: number): string {
  const ratio = row.baseline === 'fastify' ? row.rps / fastify : row.baseline === 'sqlite' ? row.rps / sqlite : undefined;
  const checks: [boolean, string][] = [];
  if (row.group === 'read') checks.push([ratio! >= 0.4, '>= 40% of bare Fastify'], [row.p99 <= 50, 'p99 <= 50 ms']);
  if (row.group === 'write') checks.push([ratio! >= 0.5, '>= 50% of bare SQLite'], [row.p99 <= 50, 'p99 <= 50 ms']);
  if (row.group === 'report') checks.push([row.p99 <= 300, 'p99 <= 300 ms']);
  if (row.group === 'deep') checks.push([row.p99 <= 100, 'p99 <= 100 ms']);
  if (row.errors) checks.push([false, `${row.errors} errors`]);
  if (!checks.length) return '—';
  const missed = checks.filter(([ok]) => !ok).map(([, text]) => text);
  return missed.length ? `MISSED: ${missed.join(', ')}` : 'met';
}

function dayAfterMonth(day: string): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

interface OfficeReport {
  check: Awaited<ReturnType<typeof awaitDailyLedgerCheck>>;
  readsOnly: PhaseResult;
  mixed: PhaseResult;
  /** One client reading every row of Participation in a loop, and the screens meanwhile. */
  everyRow: { loop: EveryRowLoop; under: PhaseResult };
  exports: { file: string; ms: number; firstByteMs: number; bytes: number; status: number; under: PhaseResult }[];
  plans: ScreenPlan[];
  load: number[];
  streams: StreamsReport;
}

function officeSection(o: OfficeReport): string[] {
  const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const byScreen = new Map(o.readsOnly.screens.map((s) => [s.screen, s]));
  const worstMixed = Math.max(...o.mixed.screens.map((s) => s.p99));
  const csv = o.exports.find((e) => e.file.endsWith('.csv'));
  const xlsx = o.exports.find((e) => e.file.endsWith('.xlsx'));
  const worstUnder = Math.max(...o.exports.flatMap((e) => e.under.screens.map((s) => s.p99)));
  const loop = o.everyRow.loop;
  const worstLoop = Math.max(...o.everyRow.under.screens.map((s) => s.p99));
  const loopErrors = loop.errors.length + o.everyRow.under.errors.length;
  return [
    '## The office',
    '',
    `${READERS} readers open screens over tRPC as the web app does, each request with its own filters, customer, dates`,
    `or page (never an earlier request of the phase where the screen has that many), for ${OFFICE_SECONDS} s: first alone, then with an`,
    `open-loop stream of ${WRITES_PER_SECOND} entries a second (POST /api/transactions, answered or not). No read cache exists.`,
    `Load average at the end of the run: ${o.load.map((l) => l.toFixed(2)).join(', ')} (the machine is shared).`,
    `A 10 s warm-up of the same readers (not counted) comes first, as a server in an office has been answering all day.`,
    `Change streams (GET /api/events) open through every phase: ${o.streams.opened} of ${STREAMS}${o.streams.refused ? ` (${o.streams.refused} refused)` : ''}; ${fmt(o.streams.events)} events received, from commit to arrival p50 ${fmt(o.streams.delivery.p50)} ms, p99 ${fmt(o.streams.delivery.p99)} ms; ${o.streams.ended} ended by the server.`,
    `Before the phases the bench waits for the server's daily ledger check (it starts 30 s after the server when none ran in the`,
    `last day), so it does not run inside a phase, as the daily backup does not: done ${fmt(o.check.seconds, 1)} s after the warm-up read, over ${fmt(o.check.checkedTransactions)} transactions, ${o.check.ok ? 'held' : 'FAILED'}.`,
    '',
    '| Target | Measured | |',
    '|---|---:|---|',
    `| Reads alone: >= 600 screen reads/s | ${fmt(o.readsOnly.readsPerSecond)} reads/s | ${mark(o.readsOnly.readsPerSecond >= 600)} |`,
    `| With writes: every screen p99 <= 100 ms | worst ${fmt(worstMixed, 1)} ms | ${mark(worstMixed <= 100)} |`,
    `| With writes: writes p99 <= 50 ms | ${fmt(o.mixed.writes.p99, 1)} ms (${o.mixed.writes.count} writes) | ${mark(o.mixed.writes.p99 <= 50)} |`,
    `| With writes: no errors | ${o.mixed.errors.length + o.readsOnly.errors.length} | ${mark(o.mixed.errors.length + o.readsOnly.errors.length === 0)} |`,
    `| With writes: server RSS <= 300 MB | ${fmt(o.mixed.peakRssMb)} MB (alone ${fmt(o.readsOnly.peakRssMb)} MB) | ${mark(o.mixed.peakRssMb <= 300)} |`,
    `| CSV of every History row <= 15 s | ${csv ? `${fmt(csv.ms / 1000, 1)} s, ${fmt(csv.bytes / 2 ** 20)} MB` : '-'} | ${mark(!!csv && csv.status === 200 && csv.ms <= 15_000)} |`,
    `| Excel of every History row <= 120 s | ${xlsx ? `${fmt(xlsx.ms / 1000, 1)} s, ${fmt(xlsx.bytes / 2 ** 20)} MB` : '-'} | ${mark(!!xlsx && xlsx.status === 200 && xlsx.ms <= 120_000)} |`,
    `| Other screens during an export: p99 <= 200 ms | worst ${fmt(worstUnder, 1)} ms | ${mark(worstUnder <= 200)} |`,
    `| Screens while one client reads every row of Participation in a loop: every screen p99 <= 100 ms, no errors | worst ${fmt(worstLoop, 1)} ms, ${fmt(o.everyRow.under.readsPerSecond)} reads/s, ${loopErrors} errors | ${mark(worstLoop <= 100 && loopErrors === 0 && loop.reads > 0)} |`,
    '',
    `Reads alone: ${fmt(o.readsOnly.reads)} reads in ${fmt(o.readsOnly.seconds, 1)} s. With writes: ${fmt(o.mixed.reads)} reads (${fmt(o.mixed.readsPerSecond)}/s), writes p50 ${fmt(o.mixed.writes.p50, 1)} ms.`,
    `Server CPU per read (from /proc, both phases): main thread ${fmt((o.readsOnly.cpu.main / o.readsOnly.reads) * 1000, 2)} and ${fmt((o.mixed.cpu.main / o.mixed.reads) * 1000, 2)} ms, read threads and the rest ${fmt((o.readsOnly.cpu.others / o.readsOnly.reads) * 1000, 2)} and ${fmt((o.mixed.cpu.others / o.mixed.reads) * 1000, 2)} ms (2 cores give 2,000 ms a second).`,
    ...(o.mixed.errors.length ? ['', `Errors: ${[...new Set(o.mixed.errors)].slice(0, 5).join('; ')}`] : []),
    '',
    '| Screen | Alone: reads | p50 ms | p99 ms | With writes: reads | p50 ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...o.mixed.screens.map((m) => {
      const a = byScreen.get(m.screen);
      return `| ${m.screen} | ${a ? fmt(a.count) : ''} | ${a ? fmt(a.p50, 1) : ''} | ${a ? fmt(a.p99, 1) : ''} | ${fmt(m.count)} | ${fmt(m.p50, 1)} | ${fmt(m.p99, 1)} |`;
    }),
    '',
    '| Export of every History row | Time | First byte | Size | Screens during it: reads/s, worst p99 | Server RSS |',
    '|---|---:|---:|---:|---:|---:|',
    ...o.exports.map(
      (e) =>
        `| GET /api/exports/${e.file} | ${fmt(e.ms / 1000, 1)} s | ${fmt(e.firstByteMs)} ms | ${fmt(e.bytes / 2 ** 20)} MB | ${fmt(e.under.readsPerSecond)}, ${fmt(Math.max(...e.under.screens.map((s) => s.p99)), 1)} ms | ${fmt(e.under.peakRssMb)} MB |`,
    ),
    '',
    `The every-row client (GET /api/reports/participation without \`limit\`, each master in turn, one request after another for ${fmt(o.everyRow.under.seconds, 0)} s): ${fmt(loop.reads)} answers of every compared customer (${fmt(loop.rows)} rows), p50 ${fmt(loop.p50)} ms, p99 ${fmt(loop.p99)} ms, ${fmt(loop.refused)} refused with 429. Those reads run on the export thread (decision 085), never the screens'.`,
    '',
    '| Screen, while every row is read in a loop | Reads | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...o.everyRow.under.screens.map((m) => `| ${m.screen} | ${fmt(m.count)} | ${fmt(m.p50, 1)} | ${fmt(m.p99, 1)} |`),
    '',
    "Each screen query's plan on this database (scripts/bench/query-plans.ts; one run, one reader, after the load). The plans are",
    "SQLite's on a plain connection: ranged Profitability and Transaction types are timed there without the range columns the server answers them from (decision 023).",
    '',
    '| Screen | ms | Reads all of transactions? |',
    '|---|---:|---|',
    ...o.plans.map((p) => `| ${p.screen} | ${fmt(p.ms, 1)} | ${p.statements.some((st) => st.fullScan) ? 'YES' : 'no'} |`),
    '',
  ];
}

/** The office section of a run at another size than MAIN_SIZE, put in place of that size's earlier one (or appended). */
function withSizeSection(previous: string, office: OfficeReport): string {
  const begin = `<!-- office at ${TX} transactions -->`;
  const end = `<!-- end of office at ${TX} transactions -->`;
  const mb = fs.statSync(seedFile).size / 2 ** 20;
  const seeded = seedSeconds();
  const section = [
    begin,
    `## The office at ${TX.toLocaleString('en-US')} transactions`,
    '',
    `Measured ${new Date().toISOString()}; command \`npm run bench -- --transactions ${TX} --office-seconds ${OFFICE_SECONDS} --streams ${STREAMS} --only office\`.`,
    `Database: ${TX.toLocaleString('en-US')} transactions, ${CUSTOMERS} customers, ${CASINOS} casinos, ${mb.toLocaleString('en-US', { maximumFractionDigits: 0 })} MB, built by \`npm run seed:bulk\`${seeded === undefined ? '' : ` in ${(seeded / 60).toFixed(1)} minutes`}.`,
    '',
    ...officeSection(office).map((line) => line.replace(/^## /, '### ')),
    end,
  ].join('\n');
  const from = previous.indexOf(begin);
  const to = previous.indexOf(end);
  if (from >= 0 && to > from) return previous.slice(0, from) + section + previous.slice(to + end.length);
  if (!previous.includes(OTHER_BENCHMARKS)) return `${previous}\n${OTHER_BENCHMARKS}\n\n${section}\n`;
  return `${previous.trimEnd()}\n\n${section}\n`;
}

function writeReport(rows: Row[], fastify: number, sqlite: number, office: OfficeReport) {
  const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const peakRss = Math.max(0, ...rows.map((r) => r.rss ?? 0));
  const lines = [
    '| Scenario | req/s | p50 ms | p99 ms | Ratio to baseline | First request after a write, ms | Peak RSS MB | Target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map((r) => {
      const ratio =
        r.baseline === 'fastify'
          ? `${fmt((r.rps / fastify) * 100, 1)}% of Fastify`
          : r.baseline === 'sqlite'
            ? `${fmt((r.rps / sqlite) * 100, 1)}% of SQLite`
            : '';
      return `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${ratio} | ${r.cold !== undefined ? fmt(r.cold, 1) : ''} | ${r.rss ? fmt(r.rss) : ''} | ${verdict(r, fastify, sqlite)} |`;
    }),
  ];
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const doc = [
    '# Benchmarks',
    '',
    `Measured ${new Date().toISOString()} on ${machine}.`,
    '',
    `Command: \`npm run bench -- --seconds ${SECONDS} --connections ${CONNECTIONS} --office-seconds ${OFFICE_SECONDS} --streams ${STREAMS}${OFFICE_ONLY ? ' --only office' : ''}\` (database: ${TX.toLocaleString('en-US')} transactions, ${CUSTOMERS} customers, ${CASINOS} casinos, built by \`npm run seed:bulk\`).`,
    'Each scenario runs autocannon over loopback for the stated seconds with the stated connections; both',
    `baselines are measured in the same run on the same machine, at its start and at its end; ratios use their mean (bare Fastify ${fmt(fastify)} req/s, bare SQLite ${fmt(sqlite)} commits/s), as this shared 2-core machine drifts between runs. There is no read cache`,
    '(docs/decisions/020): every read goes to SQLite on a read worker. "First request after a write" times one request right',
    'after a POST. The server runs with BACKUP_KEEP=0 (no daily backup during the run).',
    '',
    ...officeSection(office),
    ...(rows.some((r) => r.group !== 'baseline')
      ? ['## Single requests repeated (autocannon)', '', `Server memory (RSS) peak: **${fmt(peakRss)} MB**.`, '', ...lines]
      : ['The single-request scenarios were skipped (`--only office`).', '']),
    '',
  ].join('\n');
  // Sections other benchmarks write (import, ...) follow OTHER_BENCHMARKS and are kept as they are.
  const file = REPORT_FILE;
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const kept = previous.includes(OTHER_BENCHMARKS) ? previous.slice(previous.indexOf(OTHER_BENCHMARKS)) : '';
  if (TX === MAIN_SIZE) fs.writeFileSync(file, kept ? `${doc}\n${kept}` : doc);
  else fs.writeFileSync(file, withSizeSection(previous, office));
  console.log(`\n${doc}`);
}

await main();
