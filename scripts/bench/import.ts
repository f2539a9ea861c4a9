import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { spawnServer } from '../../src/server/testing/spawn-server';

/**
 * `npm run bench:import -- --db data/bench.db --password PASSWORD [--rows 100000]` (issue 14): copies a
 * database built by seed:bulk, writes a CSV of `rows` transactions over its pairs (dates spread over the
 * last two years, so most land between existing rows), starts the built server on the copy and times a
 * dry run and a commit of POST /api/import/transactions while 4 clients read screens; samples the
 * server's RSS. Prints a Markdown table for docs/benchmarks.md.
 */
const { values: args } = parseArgs({ options: { db: { type: 'string' }, password: { type: 'string' }, email: { type: 'string', default: 'admin@example.com' }, rows: { type: 'string', default: '100000' }, url: { type: 'string' }, pid: { type: 'string' }, copy: { type: 'string' } } });
if ((!args.db && !args.copy) || !args.password) throw new Error('Usage: npm run bench:import -- --db FILE --password PASSWORD [--rows N]');
const rows = Number(args.rows);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
const copy = args.copy ?? path.join(dir, 'app.db');
if (!args.copy) {
  const source = new SQLite(args.db, { readonly: true });
  await source.backup(copy);
  source.close();
}

// The file: existing pairs and their casinos' types, amounts with cents, dates in the past two years.
const db = new SQLite(copy, { readonly: true });
const pairs = db.prepare<[], { customer: string; casino: string; casinoId: number }>(`select c.name customer, k.name casino, k.id casinoId from "customerCasinos" l join customers c on c.id = l."customerId" join casinos k on k.id = l."casinoId" where l.status = 'active'`).all();
const types = new Map<number, string[]>();
for (const t of db.prepare<[], { name: string; casinoId: number }>(`select name, "casinoId" from "transactionTypes"`).all()) types.set(t.casinoId, [...(types.get(t.casinoId) ?? []), t.name]);
const before = (db.prepare('select count(*) n from transactions').get() as { n: number }).n;
db.close();
let seed = 14;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const file = path.join(dir, 'import.csv');
const out = fs.createWriteStream(file);
out.write('Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\n');
const now = Date.now();
for (let i = 0; i < rows; i++) {
  const p = pairs[Math.floor(rand() * pairs.length)];
  const kinds = types.get(p.casinoId)!;
  const date = new Date(now - Math.floor(rand() * 730 * 86_400_000)).toISOString().slice(0, 16).replace('T', ' ');
  const cents = (n: number) => (n / 100).toFixed(2);
  out.write(`${date},${p.customer},${p.casino},${kinds[Math.floor(rand() * kinds.length)]},${cents(Math.round(rand() * 2e6))},${cents(Math.round(rand() * 2e4) - 1e4)},${cents(-Math.round(rand() * 2e4))}\n`);
}
await new Promise((resolve) => out.end(resolve));
const bytes = fs.statSync(file).size;

// --url and --pid: measure a server already running on the copy (started by hand: see docs/benchmarks.md).
const server = args.url
  ? { url: args.url, child: { pid: Number(args.pid), kill: () => true }, exited: Promise.resolve(0) }
  : await spawnServer({ DATABASE_PATH: copy, PORT: '0', HOST: '127.0.0.1', BACKUP_KEEP: '0', LOG_LEVEL: 'warn', TZ: 'UTC' }, 'dist/server/main.mjs', 'inherit');
const pid = server.child.pid!;
let peakRss = 0;
const rssTimer = setInterval(() => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (m) peakRss = Math.max(peakRss, Number(m[1]) * 1024);
}, 100);
const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: args.email, password: args.password }) });
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

// Other screens meanwhile: History pages, a customer's links, High SC, the dashboard's recent list.
const screens = [
  () => `/api/transactions?limit=50&offset=${Math.floor(rand() * 5000)}`,
  () => `/api/customer-casinos?customerId=${1 + Math.floor(rand() * 2000)}`,
  () => `/api/reports/high-sc?threshold=100`,
  () => `/api/transactions?limit=5`,
];
const latencies: number[] = [];
let reading = true;
let failures = 0;
const reader = async () => {
  while (reading) {
    const started = performance.now();
    try {
      const res = await fetch(`${server.url}${screens[Math.floor(rand() * screens.length)]()}`, { headers: auth });
      await res.arrayBuffer();
      if (!res.ok) failures++;
    } catch (error) {
      failures++;
      console.error(`read failed: ${String(error)}`);
    }
    latencies.push(performance.now() - started);
  }
};
const readers = Array.from({ length: 4 }, reader);

async function post(query: string) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/import/transactions?${query}`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: fs.createReadStream(file) as unknown as BodyInit, duplex: 'half' } as RequestInit);
  const body = (await res.json()) as { rows: number; valid: number; invalid: number; skippedDuplicates: number; created: { transactions: number } };
  return { status: res.status, seconds: (performance.now() - started) / 1000, body };
}
const dry = await post('dryRun=1');
const commit = await post('dryRun=0');
reading = false;
await Promise.all(readers);
clearInterval(rssTimer);
server.child.kill('SIGTERM');
await server.exited;
const after = (new SQLite(copy, { readonly: true }).prepare('select count(*) n from transactions').get() as { n: number }).n;
fs.rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const ok = (met: boolean) => (met ? 'met' : 'MISSED');
console.log(`Measured ${new Date().toISOString()} on ${os.availableParallelism()} cores, Node ${process.version}; file ${rows.toLocaleString('en-US')} rows, ${mb(bytes)}, into ${before.toLocaleString('en-US')} transactions (${after.toLocaleString('en-US')} after).`);
console.log('');
console.log('| Target | Measured | |');
console.log('|---|---:|---|');
console.log(`| Dry run of ${rows.toLocaleString('en-US')} rows <= 20 s | ${dry.seconds.toFixed(1)} s (HTTP ${dry.status}, ${dry.body.valid} valid, ${dry.body.invalid} invalid) | ${ok(dry.seconds <= 20)} |`);
console.log(`| Commit <= 30 s | ${commit.seconds.toFixed(1)} s (HTTP ${commit.status}, ${commit.body.created?.transactions} created) | ${ok(commit.seconds <= 30)} |`);
console.log(`| Server RSS <= 400 MB | peak ${mb(peakRss)} | ${ok(peakRss <= 400 * 1024 * 1024)} |`);
console.log(`| Other screens meanwhile: p99 <= 200 ms | p50 ${p(0.5)} ms, p99 ${p(0.99)} ms over ${latencies.length} reads (${failures} failed) | ${ok(Number(p(0.99)) <= 200 && failures === 0)} |`);
