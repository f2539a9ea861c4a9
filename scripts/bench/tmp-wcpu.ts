import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { spawnServer } from '../../src/server/testing/spawn-server';
import { entryBody, readOfficeData } from './office';

const [dbFile, script, nArg = '400'] = process.argv.slice(2);
const copy = `${dbFile}.w.db`;
for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
const src = new SQLite(dbFile, { readonly: true });
await src.backup(copy);
const d = readOfficeData(src);
src.close();
const server = await spawnServer(
  {
    DATABASE_PATH: copy,
    PORT: '0',
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
    BACKUP_KEEP: '0',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Bench1234',
  },
  script,
  'inherit',
);
const pid = server.child.pid!;
const cpu = () => {
  let main = 0,
    others = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
    const s = (Number(x[11]) + Number(x[12])) * 10;
    if (Number(tid) === pid) main += s;
    else others += s;
  }
  return { main, others };
};
const login = await fetch(`${server.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'Bench1234' }),
});
const { token } = (await login.json()) as { token: string };
const post = async (i: number) => {
  const res = await fetch(`${server.url}/api/transactions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: entryBody(d.links[i % d.links.length]),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(String(res.status));
};
for (let i = 0; i < 50; i++) await post(i);
await new Promise((r) => setTimeout(r, 1500));
const n = Number(nArg);
const c0 = cpu();
const t = performance.now();
for (let i = 50; i < 50 + n; i++) await post(i);
const ms = performance.now() - t;
const c1 = cpu();
console.log(
  `${script}: ${n} writes, ${(ms / n).toFixed(2)} ms each wall; CPU per write main ${((c1.main - c0.main) / n).toFixed(2)} ms, others ${((c1.others - c0.others) / n).toFixed(2)} ms`,
);
server.child.kill('SIGTERM');
await server.exited;
for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
