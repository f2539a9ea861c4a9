import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { spawnServer } from './testing/spawn-server';
import { tempDir } from './testing/test-db';

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, closes the database cleanly and exits 0', async () => {
    const dir = tempDir('ledger-shutdown-');
    const { child, url, exited } = await spawnServer({
      DATABASE_PATH: path.join(dir, 'app.db'),
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Admin1234',
    });
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8').trim()).toBe(String(child.pid));

    // A login takes tens of milliseconds (argon2id): still in flight when SIGTERM arrives. One login first,
    // so the server's start-up work (its read threads load and build as they start) is over by then.
    const login = () =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin1234' }),
      });
    expect((await login()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2000));
    const inFlight = login();
    await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token: string }).token).toMatch(/^ey/);
    expect(await exited).toBe(0);

    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
    const db = new SQLite(path.join(dir, 'app.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    // A clean close checkpoints the WAL into the main file.
    expect(fs.existsSync(path.join(dir, 'app.db-wal')) ? fs.statSync(path.join(dir, 'app.db-wal')).size : 0).toBe(0);
  });
});
