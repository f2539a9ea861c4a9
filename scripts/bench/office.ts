import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Pool } from 'undici';
import { motionScreenRequest } from './motion-screens';

/**
 * The office scenario: READERS staff open screens with varied filters, customers, dates and
 * pages (each request differs from every earlier one where the screen has that many), while an
 * open-loop stream of entries arrives at a fixed rate; and full exports of History while the readers go on.
 */
export interface OfficeData {
  customerIds: number[];
  casinoIds: number[];
  typeIds: number[];
  /** Active links with a type of their casino, for the write stream. */
  links: { customerId: number; casinoId: number; typeId: number }[];
  total: number;
  firstDay: string;
  lastDay: string;
}

/** The office's data from a database built by seed:bulk: ids to pick from, some active links with a type, the span of dates. */
export function readOfficeData(db: SQLite.Database): OfficeData {
  const ids = (sql: string) =>
    db
      .prepare<[], { id: number }>(sql)
      .all()
      .map((r) => r.id);
  const bounds = db
    .prepare<[], { first: string; last: string; n: number }>('select min(date) first, max(date) last, count(*) n from transactions')
    .get()!;
  return {
    customerIds: ids('select id from customers order by id'),
    casinoIds: ids('select id from casinos'),
    typeIds: ids('select id from transactionTypes'),
    links: db
      .prepare<[], OfficeData['links'][number]>(
        `select l.customerId, l.casinoId, (select id from transactionTypes t where t.casinoId = l.casinoId order by id limit 1) typeId from customerCasinos l where status = 'active' order by random() limit 5000`,
      )
      .all(),
    total: bounds.n,
    firstDay: bounds.first.slice(0, 10),
    lastDay: bounds.last.slice(0, 10),
  };
}

/**
 * The server builds the range columns (decision 023) as it starts: an office's clock starts once that
 * start-up work is done. One ranged Profitability cards read over the whole span, awaited.
 */
export async function warmUp(url: string, token: string, d: OfficeData): Promise<void> {
  const warm = await fetch(
    `${url}/trpc/reports.profitabilitySummary?input=${encodeURIComponent(JSON.stringify({ startDate: d.firstDay, endDate: d.lastDay }))}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  await warm.arrayBuffer();
  if (!warm.ok) throw new Error(`the warm-up read answered ${warm.status}`);
}

/**
 * Waits for the server's daily ledger check, which it starts 30 s after it starts when none ran in the
 * last day (a seed has none): the office's phases begin after it, as the daily backup is off
 * (BACKUP_KEEP=0), so neither runs inside a phase. Answers how long it waited for the check and what
 * the check found, read from the server's database `file` (its ledgerChecks row).
 */
export async function awaitDailyLedgerCheck(
  file: string,
  timeoutMs = 30 * 60_000,
): Promise<{ seconds: number; ok: boolean; checkedTransactions: number }> {
  const db = new SQLite(file, { readonly: true });
  const started = Date.now();
  try {
    for (;;) {
      const row = db
        .prepare<[], { ok: number; checkedTransactions: number }>(
          'select ok, checkedTransactions from ledgerChecks order by id desc limit 1',
        )
        .get();
      if (row) return { seconds: (Date.now() - started) / 1000, ok: row.ok === 1, checkedTransactions: row.checkedTransactions };
      if (Date.now() - started > timeoutMs) throw new Error('the daily ledger check did not finish');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    db.close();
  }
}

/** The entry the write stream sends for a link: 1,000.50 SC bought for 1.00 USD. */
export function entryBody(l: OfficeData['links'][number]): string {
  return JSON.stringify({
    customerId: l.customerId,
    casinoId: l.casinoId,
    transactionTypeId: l.typeId,
    unplayedCoinsChange: '1000.50',
    playedCoinsChange: '0',
    usdChange: '-1.00',
  });
}

export interface ScreenStats {
  screen: string;
  count: number;
  p50: number;
  p99: number;
}

export interface PhaseResult {
  seconds: number;
  /** CPU seconds the server spent in the phase: its main thread, and every other thread together. */
  cpu: { main: number; others: number };
  reads: number;
  readsPerSecond: number;
  /** Every read of the phase together, whatever its screen (ms). */
  all: { p50: number; p99: number };
  screens: ScreenStats[];
  writes: { count: number; p50: number; p99: number };
  errors: string[];
  peakRssMb: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

let seed = 20261123;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
const chance = (p: number) => rand() < p;

function dayPlus(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function randomRange(d: OfficeData): { startDate: string; endDate: string } {
  const span = Math.round((Date.parse(d.lastDay) - Date.parse(d.firstDay)) / 86_400_000);
  const start = Math.floor(rand() * span);
  const length = pick([0, 6, 30, 90, 365]) + Math.floor(rand() * 5);
  return { startDate: dayPlus(d.firstDay, start), endDate: dayPlus(d.firstDay, Math.min(span, start + length)) };
}

/**
 * One screen request as the web app sends it: [screen, tRPC procedure, input]. Without `pages`, the mix as it
 * was before the customer and casino pages and search (their share goes to the Transaction Types report),
 * to compare one version of the code with another on the same requests.
 */
export function screenRequest(d: OfficeData, pages = true): [string, string, unknown] {
  const motion = motionScreenRequest(d, rand);
  if (motion) return motion;
  const roll = rand();
  if (roll < 0.4) {
    const f: Record<string, unknown> = {};
    if (chance(0.4)) f.customerId = pick(d.customerIds);
    if (chance(0.3)) f.casinoId = pick(d.casinoIds);
    if (chance(0.15)) f.transactionTypeId = pick(d.typeIds);
    if (chance(0.35)) Object.assign(f, randomRange(d));
    const narrow = Object.keys(f).length > 0;
    // Unfiltered: any page of the million (First, Last, anywhere between); filtered: the first pages mostly.
    const page = narrow
      ? chance(0.7)
        ? 0
        : Math.floor(rand() * 5)
      : chance(0.3)
        ? pick([0, Math.floor(d.total / 100) - 1])
        : Math.floor(rand() * (d.total / 100));
    return ['History', 'transactions.list', { ...f, limit: 100, offset: page * 100 }];
  }
  if (roll < 0.5) return ['Recent panel', 'transactions.list', { casinoId: pick(d.casinoIds), limit: 50 }];
  if (roll < 0.58) return ['Customer links', 'customerCasinos.list', { customerId: pick(d.customerIds) }];
  // The Dashboard's reads as it opens: the recent entries and its three charts.
  if (roll < 0.62) {
    return pick<[string, string, unknown]>([
      ['Dashboard', 'transactions.recent', { limit: 10 }],
      ['Dashboard', 'dashboard.usdPerDay', undefined],
      ['Dashboard', 'dashboard.scByCasino', undefined],
      ['Dashboard', 'dashboard.entriesByStaff', undefined],
    ]);
  }
  if (roll < 0.68) {
    const threshold = Math.round(rand() * 50000) / 100;
    return chance(0.5)
      ? ['High SC', 'reports.highSc', { threshold, limit: 100, offset: Math.floor(rand() * 3) * 100 }]
      : ['High SC cards', 'reports.highScSummary', { threshold }];
  }
  if (roll < 0.8) {
    const f: Record<string, unknown> = {};
    if (chance(0.3)) f.customerId = pick(d.customerIds);
    if (chance(0.3)) f.casinoId = pick(d.casinoIds);
    if (chance(0.4)) Object.assign(f, randomRange(d));
    return chance(0.5)
      ? ['Profitability', 'reports.profitability', { ...f, limit: 100, offset: Math.floor(rand() * 3) * 100 }]
      : ['Profitability cards', 'reports.profitabilitySummary', f];
  }
  if (roll < 0.88) {
    const masterUserId = pick(d.customerIds);
    return chance(0.5)
      ? ['Participation', 'reports.participation', { masterUserId, limit: 100, offset: (chance(0.7) ? 0 : Math.floor(rand() * 20)) * 100 }]
      : ['Participation cards', 'reports.participationSummary', { masterUserId }];
  }
  // The customer and casino pages and search everywhere: a different record, range or query each time.
  if (pages && roll < 0.94) {
    const which = rand();
    if (which < 0.35) return ['Customer page', 'summaries.customer', { id: pick(d.customerIds) }];
    if (which < 0.55) return ['Casino page', 'summaries.casino', { id: pick(d.casinoIds) }];
    if (which < 0.65) {
      const end = randomRange(d).endDate;
      const start = new Date(Date.parse(`${end}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      return ['Customer chart', 'summaries.customerSeries', { id: pick(d.customerIds), startDate: start, endDate: end, step: 'day' }];
    }
    const letters = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
    return ['Search', 'search.query', { q: chance(0.2) ? `#${1 + Math.floor(rand() * d.total)}` : letters }];
  }
  const f: Record<string, unknown> = {};
  if (chance(0.6)) f.transactionTypeId = pick(d.typeIds);
  if (chance(0.5)) Object.assign(f, randomRange(d));
  return chance(0.5)
    ? ['Transaction types', 'reports.transactionTypes', { ...f, limit: 100 }]
    : ['Transaction types cards', 'reports.transactionTypesSummary', f];
}

/** CPU seconds of the process's main thread and of its other threads (workers, libuv, V8), from /proc. */
function threadCpu(pid: number): { main: number; others: number } {
  const out = { main: 0, others: 0 };
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      if (Number(tid) === pid) out.main += seconds;
      else out.others += seconds;
    }
  } catch {
    // the server has gone: nothing to count
  }
  return out;
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export interface PhaseOptions {
  url: string;
  token: string;
  pid: number;
  data: OfficeData;
  seconds: number;
  readers: number;
  writesPerSecond: number;
  /** Runs alongside the readers; the phase ends when both it and the time are done. */
  during?: () => Promise<void>;
  /** The readers go on until `during` ends too (not only for `seconds`): the screens all through an import. */
  readThroughDuring?: boolean;
  /** False: the mix without the customer and casino pages and search (screenRequest). */
  pages?: boolean;
}

export async function runPhase(o: PhaseOptions): Promise<PhaseResult> {
  // Within a phase no request is sent twice where its screen has that many (the Dashboard has 4, the
  // Recent panel one per casino): each phase keeps the office's whole mix of screens.
  const seen = new Set<string>();
  const auth = { authorization: `Bearer ${o.token}` };
  // The office's browsers are other machines; here they share the server's two cores. undici's own request
  // API costs the client about half of what fetch (built on it) does, leaving that CPU to the server.
  const client = new Pool(o.url, { connections: o.readers });
  // Writes are open-loop: connections enough that none waits in the client for another to be answered.
  const writeClient = new Pool(o.url, { connections: 64 });
  const times = new Map<string, number[]>();
  const errors: string[] = [];
  const writeTimes: number[] = [];
  let peak = rssMb(o.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(o.pid))), 200);
  const cpuBefore = threadCpu(o.pid);
  const started = performance.now();
  const until = started + o.seconds * 1000;
  let reads = 0;
  let duringEnded = false;
  const during = o.during?.().finally(() => (duringEnded = true));
  const reading = () => performance.now() < until || (o.readThroughDuring === true && during !== undefined && !duringEnded);

  const reader = async () => {
    while (reading()) {
      let request = screenRequest(o.data, o.pages);
      for (let tries = 0; tries < 20 && seen.has(JSON.stringify(request)); tries++) request = screenRequest(o.data, o.pages);
      const [screen, procedure, input] = request;
      seen.add(JSON.stringify(request));
      const t = performance.now();
      try {
        const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
        const res = await client.request({ method: 'GET', path: `/trpc/${procedure}${query}`, headers: auth });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors.push(`${screen} ${res.statusCode}`);
      } catch (error) {
        errors.push(`${screen} ${String(error)}`);
      }
      const ms = performance.now() - t;
      let list = times.get(screen);
      if (!list) times.set(screen, (list = []));
      list.push(ms);
      reads += 1;
    }
  };

  const pendingWrites: Promise<void>[] = [];
  let writer: NodeJS.Timeout | undefined;
  if (o.writesPerSecond > 0) {
    let n = 0;
    // Open loop: a new entry every interval whether or not the earlier ones have been answered.
    writer = setInterval(() => {
      const l = o.data.links[n++ % o.data.links.length];
      const t = performance.now();
      pendingWrites.push(
        writeClient
          .request({
            method: 'POST',
            path: '/api/transactions',
            headers: { ...auth, 'content-type': 'application/json' },
            body: entryBody(l),
          })
          .then(async (res) => {
            await res.body.arrayBuffer();
            if (res.statusCode !== 201) errors.push(`write ${res.statusCode}`);
          })
          .catch((error: unknown) => void errors.push(`write ${String(error)}`))
          .finally(() => writeTimes.push(performance.now() - t)),
      );
    }, 1000 / o.writesPerSecond);
  }
  await Promise.all([...Array.from({ length: o.readers }, reader), during]);
  clearInterval(writer);
  await Promise.all(pendingWrites);
  await Promise.all([client.close(), writeClient.close()]);
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = threadCpu(o.pid);
  const cpu = { main: cpuAfter.main - cpuBefore.main, others: cpuAfter.others - cpuBefore.others };
  const screens = [...times].map(([screen, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { screen, count: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99) };
  });
  screens.sort((a, b) => a.screen.localeCompare(b.screen));
  const w = [...writeTimes].sort((a, b) => a - b);
  const all = [...times.values()].flat().sort((a, b) => a - b);
  return {
    seconds,
    cpu,
    reads,
    readsPerSecond: reads / seconds,
    all: { p50: pct(all, 50), p99: pct(all, 99) },
    screens,
    writes: { count: w.length, p50: pct(w, 50), p99: pct(w, 99) },
    errors,
    peakRssMb: peak,
  };
}

/** Downloads a full export, timing it to the last byte; answers its size and the time to the first byte. */
export async function timeExport(
  url: string,
  token: string,
  file: string,
): Promise<{ ms: number; firstByteMs: number; bytes: number; status: number }> {
  const t = performance.now();
  const res = await fetch(`${url}/api/exports/${file}`, { headers: { authorization: `Bearer ${token}` } });
  let firstByteMs = 0;
  let bytes = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    if (!bytes) firstByteMs = performance.now() - t;
    bytes += next.value.length;
  }
  return { ms: performance.now() - t, firstByteMs, bytes, status: res.status };
}
