import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { spawnServer } from '../../src/server/testing/spawn-server';
import { BENCH_ADMIN, benchServerEnv, startOnceBefore } from './bench-server';
import { type OfficeData, runPhase, timeExport } from './office';

/**
 * `tsx scripts/bench/profile-office.ts DB SECONDS OUTDIR`: the office's readers for SECONDS against the built
 * server on a copy of DB, with V8's CPU profiler on (one .cpuprofile per thread in OUTDIR), to see where
 * each read's time goes. Open the profiles in Chrome's DevTools (Performance) or summarise them.
 */
const [dbArg, secondsArg = '15', outDir = '/tmp/office-profile'] = process.argv.slice(2);
const ADMIN = BENCH_ADMIN;
fs.mkdirSync(outDir, { recursive: true });
const copy = path.join(outDir, 'server.db');
const src = new SQLite(dbArg, { readonly: true });
await src.backup(copy);
const d = src;
const bounds = d.prepare('select min(date) first, max(date) last, count(*) n from transactions').get() as {
  first: string;
  last: string;
  n: number;
};
const office: OfficeData = {
  customerIds: (d.prepare('select id from customers').all() as { id: number }[]).map((r) => r.id),
  casinoIds: (d.prepare('select id from casinos').all() as { id: number }[]).map((r) => r.id),
  typeIds: (d.prepare('select id from transactionTypes').all() as { id: number }[]).map((r) => r.id),
  links: [],
  total: bounds.n,
  firstDay: bounds.first.slice(0, 10),
  lastDay: bounds.last.slice(0, 10),
};
src.close();
const serverEnv = benchServerEnv(copy);
await startOnceBefore(serverEnv);
const server = await spawnServer(
  serverEnv,
  'dist/server/main.mjs',
  'inherit',
  process.env.NO_PROFILE ? [] : ['--cpu-prof', `--cpu-prof-dir=${outDir}`],
);
console.log(`server pid ${server.child.pid}`);
const login = await fetch(`${server.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ADMIN),
});
const { token } = (await login.json()) as { token: string };
await new Promise((r) => setTimeout(r, 3000));
const r = await runPhase({
  url: server.url,
  token,
  pid: server.child.pid!,
  data: office,
  seconds: Number(secondsArg),
  readers: 8,
  writesPerSecond: 0,
});
console.log(
  `${r.readsPerSecond.toFixed(0)} reads/s, peak RSS ${r.peakRssMb.toFixed(0)} MB; CPU per read: main ${((r.cpu.main / r.reads) * 1000).toFixed(2)} ms, others ${((r.cpu.others / r.reads) * 1000).toFixed(2)} ms`,
);
if (process.env.EXPORTS) {
  for (const file of ['transactions.csv', 'transactions.xlsx']) {
    let ms = 0;
    const e = await runPhase({
      url: server.url,
      token,
      pid: server.child.pid!,
      data: office,
      seconds: 3,
      readers: 8,
      writesPerSecond: 0,
      during: async () => void (ms = (await timeExport(server.url, token, file)).ms),
    });
    console.log(
      `${file}: ${(ms / 1000).toFixed(1)} s, peak RSS ${e.peakRssMb.toFixed(0)} MB, screens ${e.readsPerSecond.toFixed(0)} reads/s`,
    );
  }
}
server.child.kill('SIGTERM');
await server.exited;
