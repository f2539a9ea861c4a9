import SQLite from 'better-sqlite3';
import { openReadOnly } from '../../src/server/db/database';
import { runRead, type ReadName, type ReadInput } from '../../src/server/reads/declared-reads';
import { type OfficeData, screenRequest } from './office';

/**
 * `npx tsx scripts/bench/probe.ts FILE [N]`: the office's varied screen requests run straight on one
 * read-only connection (no HTTP, no worker), N of them; prints each screen's query cost and answer size.
 * It shows what each screen costs by itself, apart from queueing, in CPU time (so a busy machine does not inflate it).
 */
const file = process.argv[2];
const n = Number(process.argv[3] ?? 2000);
const meta = new SQLite(file, { readonly: true });
const bounds = meta.prepare('select min(date) first, max(date) last, count(*) n from transactions').get() as {
  first: string;
  last: string;
  n: number;
};
const data: OfficeData = {
  customerIds: (meta.prepare('select id from customers order by id').all() as { id: number }[]).map((r) => r.id),
  casinoIds: (meta.prepare('select id from casinos').all() as { id: number }[]).map((r) => r.id),
  typeIds: (meta.prepare('select id from transactionTypes').all() as { id: number }[]).map((r) => r.id),
  links: [],
  total: bounds.n,
  firstDay: bounds.first.slice(0, 10),
  lastDay: bounds.last.slice(0, 10),
};
meta.close();
const { db } = openReadOnly(file);
// The range columns and the link balances are built on first use here (in the server, as its threads start): not a screen's cost.
// (Here ranged reads share the one connection; in the server they run in the range thread, beside the screens' threads.)
await runRead(db, 'reports.profitabilitySummary', { startDate: data.firstDay }, { timeZone: 'UTC' });
await runRead(db, 'reports.highScSummary', { threshold: 0 }, { timeZone: 'UTC' });
const times = new Map<string, { ms: number[]; bytes: number; worst: string }>();
const started = process.cpuUsage();
for (let i = 0; i < n; i++) {
  const [screen, name, input] = screenRequest(data);
  // CPU time of this thread, not wall time: the figures hold on a machine busy with other work.
  const t = process.cpuUsage();
  const out = await runRead(db, name as ReadName, input as ReadInput<ReadName>, { timeZone: 'UTC' });
  const json = JSON.stringify(out);
  const used = process.cpuUsage(t);
  const ms = (used.user + used.system) / 1000;
  const e = times.get(screen) ?? { ms: [], bytes: 0, worst: '' };
  if (!e.ms.length || ms > Math.max(...e.ms)) e.worst = JSON.stringify(input);
  e.ms.push(ms);
  e.bytes += json.length;
  times.set(screen, e);
}
const spent = process.cpuUsage(started);
const total = (spent.user + spent.system) / 1000;
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
console.log(
  `${n} reads in ${(total / 1000).toFixed(1)} s of CPU: ${((n * 1000) / total).toFixed(0)} reads per CPU second on one connection (times below are CPU ms)`,
);
for (const [screen, e] of [...times].sort()) {
  const s = [...e.ms].sort((a, b) => a - b);
  const sum = s.reduce((a, b) => a + b, 0);
  console.log(
    `${screen.padEnd(26)} n=${String(s.length).padStart(4)} mean=${(sum / s.length).toFixed(1).padStart(6)} p50=${pct(s, 50).toFixed(1).padStart(6)} p99=${pct(s, 99).toFixed(1).padStart(6)} share=${((sum / total) * 100).toFixed(0).padStart(3)}% avgKB=${(e.bytes / s.length / 1024).toFixed(1)} worst=${e.worst}`,
  );
}
