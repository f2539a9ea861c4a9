import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createServer, type AppServer } from '../server';
import { spawnServer } from '../testing/spawn-server';
import { createTestServer, type TestServer } from '../testing/test-server';
import { tempDir } from '../testing/test-db';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

let inProcess: AppServer | TestServer | undefined;
afterEach(async () => {
  await inProcess?.stop();
  inProcess = undefined;
});

describe('who can read the data', () => {
  it('the real server creates its data folder 0700 and the database, WAL, secret, pid, lock and mails 0600', async () => {
    const dataDir = path.join(tempDir('ledger-modes-'), 'data');
    const env = {
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Admin1234',
      BACKUP_KEEP: '0',
    };
    const server = await spawnServer(env);
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin1234' }),
      });
      const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, 'content-type': 'application/json' };
      expect(
        (await fetch(`${server.url}/api/customers`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Ann' }) })).status,
      ).toBe(201);
      expect(
        (await fetch(`${server.url}/api/admin/users/1/send-reset-link`, { method: 'POST', headers: { authorization: auth.authorization } }))
          .status,
      ).toBe(200);

      expect(mode(dataDir).toString(8)).toBe('700');
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'app.db.lock', 'jwt-secret', 'server.pid']) {
        expect(mode(path.join(dataDir, name)).toString(8), name).toBe('600');
      }
      const outbox = path.join(dataDir, 'outbox');
      expect(mode(outbox).toString(8)).toBe('700');
      const mails = fs.readdirSync(outbox);
      expect(mails).toHaveLength(1);
      expect(mode(path.join(outbox, mails[0])).toString(8)).toBe('600');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('tightens a database and WAL an older version left world-readable', async () => {
    const dir = tempDir('ledger-modes-');
    const file = path.join(dir, 'app.db');
    const old = new SQLite(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table t (x)');
    fs.chmodSync(file, 0o644);
    fs.chmodSync(`${file}-wal`, 0o644);
    fs.chmodSync(`${file}-shm`, 0o644);
    const config = loadConfig({ DATABASE_PATH: file, PORT: '0', LOG_LEVEL: 'silent', BACKUP_KEEP: '0', ADMIN_PASSWORD: 'Admin1234' });
    inProcess = await createServer({ config, logger: false, announce: () => {} });
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f).toString(8), f).toBe('600');
    old.close();
  });
});

describe('the outbox keeps every mail', () => {
  it('30 simultaneous reset links are 30 files with 30 different links', async () => {
    const s = await createTestServer();
    inProcess = s;
    const admin = await s.addUser('admin');
    const staff = await s.addUser('staff');
    const sent = await Promise.all(
      Array.from({ length: 30 }, () =>
        s.app.inject({ method: 'POST', url: `/api/admin/users/${staff.id}/send-reset-link`, headers: admin.auth }),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const outbox = path.join(s.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(30);
    const links = new Set(
      files.map(
        (f) => /reset-password\?token=3D([A-Za-z0-9_-]+)/.exec(fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))?.[1],
      ),
    );
    expect(links.size).toBe(30);
  });
});
