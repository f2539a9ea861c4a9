import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ROOT, spawnServer } from '../../src/server/testing/spawn-server';
import { startOnceBefore } from './bench-server';
import { IMPORT_NICE } from '../../src/server/features/import/import-run';
import { entryBody, type PhaseResult, readOfficeData, runPhase, warmUp } from './office';

/**
 * `npm run bench:import -- --db FILE --password PASSWORD [--rows 100000] [--readers 4] [--baseline-seconds 20]
 * [--no-write]` (decisions 052 and 053): copies a database built by seed:bulk, writes a CSV of
 * `rows` transactions over its pairs (dates spread over the last two years, so most land between existing
 * rows), starts the built server (`npm run build` first) on the copy and lets it finish its start-up work
 * (the office bench's warm-up read, then until it idles). Then the office's readers (scripts/bench/office.ts:
 * the screens as the web app asks for them) read alone for a baseline, through a dry run and through a
 * commit of POST /api/import/transactions. Reports wall and server CPU time of each, the server process's
 * RSS (VmRSS sampled every 100 ms and the kernel's VmHWM, all threads) before and during each, and the
 * screens' p50/p99 per phase; checks the ledger's invariants on the copy afterwards; writes the section
 * "Import" of docs/benchmarks.md (unless --no-write) and prints it. While each import runs, a sign-in
 * and an entry every half second are timed (decision 080: each within 1 s).
 */
const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    password: { type: 'string' },
    email: { type: 'string', default: 'admin@example.com' },
    rows: { type: 'string', default: '100000' },
    readers: { type: 'string', default: '4' },
    'baseline-seconds': { type: 'string', default: '20' },
    'no-write': { type: 'boolean', default: false },
  },
});
if (!args.db || !args.password)
  throw new Error('Usage: npm run bench:import -- --db FILE --password PASSWORD [--rows N] [--readers N] [--no-write]');
const rows = Number(args.rows);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
const copy = path.join(dir, 'app.db');
{
  const source = new SQLite(args.db, { readonly: true });
  await source.backup(copy);
  source.close();
}

// The file: existing pairs and their casinos' types, amounts with cents, dates in the past two years.
const db = new SQLite(copy, { readonly: true });
const pairs = db
  .prepare<[], { customer: string; casino: string; casinoId: number }>(
    `select c.name customer, k.name casino, k.id casinoId from "customerCasinos" l join customers c on c.id = l."customerId" join casinos k on k.id = l."casinoId" where l.status = 'active'`,
  )
  .all();
const types = new Map<number, string[]>();
for (const t of db.prepare<[], { name: string; casinoId: number }>(`select name, "casinoId" from "transactionTypes"`).all())
  types.set(t.casinoId, [...(types.get(t.casinoId) ?? []), t.name]);
const office = readOfficeData(db);
const before = office.total;
db.close();
let seed = 14;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const file = path.join(dir, 'import.csv');
const out = fs.createWriteStream(file);
out.write('Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\n');
const now = Date.now();
for (let i = 0; i < rows; i++) {
  const p = pairs[Math.floor(rand() * pairs.length)];
  const kinds = types.get(p.casinoId)!;
  const date = new Date(now - Math.floor(rand() * 730 * 86_400_000)).toISOString().slice(0, 16).replace('T', ' ');
  const cents = (n: number) => (n / 100).toFixed(2);
  out.write(
    `${date},${p.customer},${p.casino},${kinds[Math.floor(rand() * kinds.length)]},${cents(Math.round(rand() * 2e6))},${cents(Math.round(rand() * 2e4) - 1e4)},${cents(-Math.round(rand() * 2e4))}\n`,
  );
}
await new Promise((resolve) => out.end(resolve));
const bytes = fs.statSync(file).size;

const serverEnv = { DATABASE_PATH: copy, PORT: '0', HOST: '127.0.0.1', BACKUP_KEEP: '0', LOG_LEVEL: 'warn', TZ: 'UTC' };
await startOnceBefore(serverEnv);
const server = await spawnServer(serverEnv, 'dist/server/main.mjs', 'inherit');
const pid = server.child.pid!;
// A failed run must not leave its server behind.
process.on('exit', () => server.child.kill('SIGKILL'));
const status = () => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
/** A field of the server's /proc status in bytes: VmRSS and VmHWM count every thread of the process. */
const kb = (field: string, text = status()) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
/** The server process's CPU seconds so far (all its threads: main, read threads, import worker). */
const cpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/**
 * CPU seconds of the server's threads by role: the main thread by its id, the import worker by its nice
 * value (IMPORT_NICE; a CSV export's thread shares it, idle here); the read threads run at 0 with V8's and
 * libuv's helpers (decision 029), so they count together.
 */
const threadCpu = new Map<string, { nice: number; seconds: number }>();
const sampleThreads = () => {
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ');
      threadCpu.set(task, { nice: Number(fields[16]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // the thread ended between the listing and the read
    }
  }
};
const cpuByRole = () => {
  const roles = { main: 0, import: 0, other: 0 };
  for (const [task, t] of threadCpu) roles[task === String(pid) ? 'main' : t.nice === IMPORT_NICE ? 'import' : 'other'] += t.seconds;
  return roles;
};
const login = await fetch(`${server.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: args.email, password: args.password }),
});
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };
// The timed sign-ins are another user's: a user keeps at most 50 sessions (decision 101), and the office's
// readers and entries must keep theirs.
const signer = { email: 'bench-signer@example.com', password: args.password };
const created = await fetch(`${server.url}/api/admin/users`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ ...signer, role: 'staff' }),
});
if (created.status !== 201 && created.status !== 409) throw new Error(`Creating the bench's sign-in user answered ${created.status}`);

// The server's own start is not the import's: the office bench's warm-up read waits for the range thread's
// columns (decision 023), then the process must idle (under 0.1 s of CPU in a second, at most 3 minutes).
const startup = performance.now();
await warmUp(server.url, token, office);
for (let waited = 0, cpu = cpuSeconds(); waited < 180; waited++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const spent = cpuSeconds();
  if (spent - cpu < 0.1) break;
  cpu = spent;
}
const startupSeconds = (performance.now() - startup) / 1000;
const idle = { rss: kb('VmRSS'), hwm: kb('VmHWM') };

type Phase = 'before' | 'dry run' | 'commit';
let phase: Phase | null = null;
const peakRssIn: Record<Phase, number> = { before: 0, 'dry run': 0, commit: 0 };
const hwmAfter: Record<Phase, number> = { before: 0, 'dry run': 0, commit: 0 };
const sampler = setInterval(() => {
  sampleThreads();
  if (phase) peakRssIn[phase] = Math.max(peakRssIn[phase], kb('VmRSS'));
}, 100);
const readers = Number(args.readers);

// Other screens before the import: the office's readers alone (the baseline the import is compared with).
phase = 'before';
const baseline = await runPhase({
  url: server.url,
  token,
  pid,
  data: office,
  seconds: Number(args['baseline-seconds']),
  readers,
  writesPerSecond: 0,
});
hwmAfter.before = kb('VmHWM');

/** How long the office's own writes took while an import ran: each kind's answers in ms, and the ones not 2xx. */
interface WriteTimes {
  signIn: number[];
  entry: number[];
  failed: string[];
}
/**
 * Until `done()`, every 500 ms a sign-in (POST /api/auth/login) and then an entry (POST /api/transactions
 * of one of the office's pairs), each timed from request to answer (decision 080: the office's writes go
 * between the import's batches).
 */
async function officeWritesUntil(done: () => boolean): Promise<WriteTimes> {
  const times: WriteTimes = { signIn: [], entry: [], failed: [] };
  const timed = async (into: number[], what: string, send: () => Promise<Response>) => {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    into.push(performance.now() - started);
    if (res.status >= 300) times.failed.push(`${what} ${res.status}`);
  };
  for (let i = 0; !done(); i++) {
    await timed(times.signIn, 'sign-in', () =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signer),
      }),
    );
    await timed(times.entry, 'entry', () =>
      fetch(`${server.url}/api/transactions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: entryBody(office.links[i % office.links.length]),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return times;
}

type ImportAnswer = { rows: number; valid: number; invalid: number; skippedDuplicates: number; created: { transactions: number } };
/** One import over HTTP while the readers go on from its start to its answer. */
async function importWhileReading(query: string, next: Phase) {
  phase = next;
  sampleThreads();
  const cpu = cpuSeconds();
  const roles = cpuByRole();
  const started = performance.now();
  let answer: { status: number; body: ImportAnswer; seconds: number } | undefined;
  let writes: WriteTimes = { signIn: [], entry: [], failed: [] };
  const screens = await runPhase({
    url: server.url,
    token,
    pid,
    data: office,
    seconds: 0,
    readers,
    writesPerSecond: 0,
    readThroughDuring: true,
    during: async () => {
      let answered = false;
      const writing = officeWritesUntil(() => answered);
      const res = await fetch(`${server.url}/api/import/transactions?${query}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: fs.createReadStream(file) as unknown as BodyInit,
        duplex: 'half',
      } as RequestInit);
      answer = { status: res.status, body: (await res.json()) as ImportAnswer, seconds: (performance.now() - started) / 1000 };
      answered = true;
      writes = await writing;
    },
  });
  sampleThreads();
  hwmAfter[next] = kb('VmHWM');
  const rolesAfter = cpuByRole();
  const by = (role: keyof typeof roles) => `${role} ${(rolesAfter[role] - roles[role]).toFixed(1)}`;
  return {
    ...answer!,
    cpu: cpuSeconds() - cpu,
    threads: `${by('import')}, ${by('main')}, reads and the rest ${(rolesAfter.other - roles.other).toFixed(1)}`,
    screens,
    writes,
  };
}
const load = os.loadavg()[0];
const dry = await importWhileReading('dryRun=1', 'dry run');
const commit = await importWhileReading('dryRun=0', 'commit');
phase = null;
clearInterval(sampler);
server.child.kill('SIGTERM');
await server.exited;
const loadAfter = os.loadavg()[0];

// The ledger's invariants on the copy, recomputed from scratch (decision 052: exact, not approximately).
const { openDatabase } = await import('../../src/server/db/database');
const { checkLedger } = await import('../../src/server/features/transactions/invariants');
const opened = openDatabase(copy);
const after = (opened.sqlite.prepare('select count(*) n from transactions').get() as { n: number }).n;
const report = await checkLedger(opened.db);
await opened.close();
const exact = report.badLinks.length === 0 && report.badTransactions.length === 0 && report.badTotals.length === 0 && report.orphans === 0;
fs.rmSync(dir, { recursive: true, force: true });

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const ok = (met: boolean) => (met ? 'met' : 'MISSED');
const n = (x: number) => x.toLocaleString('en-US');
const failures = [baseline, dry.screens, commit.screens].flatMap((r) => r.errors);
/** The highest RSS the server reached while an import ran: sampled VmRSS, or the kernel's VmHWM when it rose during the import. */
const importPeak = Math.max(peakRssIn['dry run'], peakRssIn.commit, hwmAfter.commit > hwmAfter.before ? hwmAfter.commit : 0);
/** A kind of write's times: p50, p99 and the slowest, over how many. */
const writeTimes = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    text: `p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, slowest ${ms(sorted.at(-1) ?? 0)} over ${n(sorted.length)}`,
    max: sorted.at(-1) ?? 0,
  };
};
const writeRows = (label: string, w: WriteTimes) => {
  const signIn = writeTimes(w.signIn);
  const entry = writeTimes(w.entry);
  return [
    `| A sign-in during the ${label} <= 1 s | ${signIn.text} | ${ok(signIn.max <= 1000 && w.signIn.length > 0)} |`,
    `| An entry during the ${label} <= 1 s | ${entry.text}${w.failed.length ? `; not 2xx: ${w.failed.slice(0, 3).join(', ')}` : ''} | ${ok(entry.max <= 1000 && w.entry.length > 0 && w.failed.length === 0)} |`,
  ];
};
const reads = (r: PhaseResult) => `p50 ${ms(r.all.p50)}, p99 ${ms(r.all.p99)} over ${n(r.reads)} reads (${r.readsPerSecond.toFixed(1)}/s)`;
const phases: [string, PhaseResult][] = [
  ['Before', baseline],
  ['Dry run', dry.screens],
  ['Commit', commit.screens],
];
const screenNames = [...new Set(phases.flatMap(([, r]) => r.screens.map((x) => x.screen)))].sort();
const p99Of = (r: PhaseResult, screen: string) => {
  const x = r.screens.find((y) => y.screen === screen);
  return x ? `${x.p99.toFixed(1)} (${x.count})` : '';
};
const command = `npm run build && npm run bench:import -- --db ${path.relative(ROOT, path.resolve(args.db))} --password PASSWORD${args.rows === '100000' ? '' : ` --rows ${args.rows}`}`;
const section = [
  '## Import',
  '',
  `Measured ${new Date().toISOString()} on ${os.availableParallelism()} cores, Node ${process.version}, load average ${load.toFixed(1)} at the import's start and ${loadAfter.toFixed(1)} at the end`,
  `(other work on the machine shows there: wall times stretch, CPU times much less). File: ${n(rows)} rows, ${mb(bytes)} of CSV, over the`,
  `database's active pairs with dates spread over the last two years (so nearly every row lands between existing rows of its pair),`,
  `imported over HTTP into a copy of ${n(before)} transactions (${n(after)} after). The server is started once on the copy and stopped`,
  `(migrations, check-in days), then started again and left to finish its start-up work (the office bench's warm-up read, then until`,
  `it idles: ${startupSeconds.toFixed(0)} s; RSS ${mb(idle.rss)} then, VmHWM ${mb(idle.hwm)}), then ${readers} of the`,
  `office bench's readers (the screens as the web app asks for them) read alone for ${args['baseline-seconds']} s, through the dry run and through the commit.`,
  `Server CPU is the whole process, then by thread: the import worker (told by its nice value, ${IMPORT_NICE}), the main thread, and`,
  "the screens' read threads with the rest (libuv, V8, SQLite helpers). RSS is the server process's (all its threads):",
  "VmRSS sampled every 100 ms, and the kernel's peak VmHWM when the import raised it.",
  '',
  `Command: \`${command}\` (decisions 052, 053, 080).`,
  '',
  '| Target | Measured | |',
  '|---|---:|---|',
  `| Dry run of ${n(rows)} rows <= 20 s | ${dry.seconds.toFixed(1)} s wall, ${dry.cpu.toFixed(1)} s server CPU (${dry.threads}; HTTP ${dry.status}, ${n(dry.body.valid)} valid, ${n(dry.body.invalid)} invalid) | ${ok(dry.seconds <= 20)} |`,
  `| Commit <= 30 s | ${commit.seconds.toFixed(1)} s wall, ${commit.cpu.toFixed(1)} s server CPU (${commit.threads}; HTTP ${commit.status}, ${n(commit.body.created?.transactions ?? 0)} created, ${n(commit.body.skippedDuplicates ?? 0)} duplicates) | ${ok(commit.seconds <= 30)} |`,
  `| Server RSS <= 400 MB during the import | ${mb(importPeak)} (sampled peak: before ${mb(peakRssIn.before)}, dry run ${mb(peakRssIn['dry run'])}, commit ${mb(peakRssIn.commit)}; VmHWM ${mb(hwmAfter.before)} before the import, ${mb(hwmAfter.commit)} after) | ${ok(importPeak <= 400 * 1024 * 1024)} |`,
  `| Other screens before the import (baseline) | ${reads(baseline)} | |`,
  `| Other screens during the dry run: p99 <= 200 ms | ${reads(dry.screens)} | ${ok(dry.screens.all.p99 <= 200)} |`,
  `| Other screens during the commit: p99 <= 200 ms | ${reads(commit.screens)} | ${ok(commit.screens.all.p99 <= 200)} |`,
  ...writeRows('dry run', dry.writes),
  ...writeRows('commit', commit.writes),
  `| Reads failed | ${failures.length}${failures.length ? ` (${failures.slice(0, 3).join('; ')})` : ''} | ${ok(failures.length === 0)} |`,
  `| Ledger exact afterwards (links, after-values, kept totals recomputed) | ${exact ? 'yes' : `no: ${JSON.stringify(report).slice(0, 200)}`} | ${ok(exact)} |`,
  '',
  "Each screen's p99 in ms (reads):",
  '',
  `| Screen | ${phases.map(([label]) => label).join(' | ')} |`,
  `|---|${phases.map(() => '---:').join('|')}|`,
  ...screenNames.map((screen) => `| ${screen} | ${phases.map(([, r]) => p99Of(r, screen)).join(' | ')} |`),
  '',
].join('\n');
console.log(section);
if (!args['no-write']) {
  const doc = path.join(ROOT, 'docs', 'benchmarks.md');
  const text = fs.readFileSync(doc, 'utf8');
  const start = text.indexOf('## Import\n');
  if (start < 0) throw new Error('docs/benchmarks.md has no "## Import" section');
  const end = text.indexOf('\n## ', start + 1);
  fs.writeFileSync(doc, `${text.slice(0, start)}${section}${end < 0 ? '' : text.slice(end)}`);
  console.log(`Written to ${path.relative(ROOT, doc)}.`);
}
