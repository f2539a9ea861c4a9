import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createServer } from '../server';
import { runCommand } from '../testing/run-command';
import { ROOT, spawnServer } from '../testing/spawn-server';
import { tempDir } from '../testing/test-db';
import { DatabaseLockedError } from './server-lock';

// A second `npm start` on the same file started and overwrote server.pid; after it
// stopped, restore ran under the still-live first server.
const startAgain = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('one server per database file', () => {
  it('a second start exits 4 naming the first; restore and seeds refuse; a SIGKILLed server leaves no stale lock', async () => {
    const dir = tempDir('ledger-lock-');
    const env = { DATABASE_PATH: path.join(dir, 'app.db'), PORT: '0', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Admin1234', BACKUP_KEEP: '0' };
    const first = await spawnServer(env);
    try {
      const second = startAgain(env);
      expect(second.status).toBe(4);
      expect(second.stderr.trim()).toBe(
        `Cannot start: ${env.DATABASE_PATH} is in use by a Coin Ledger server (pid ${first.child.pid}). One server per database file; stop the other one first.`,
      );
      expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8').trim()).toBe(String(first.child.pid));
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

      const restore = runCommand('restore.ts', [path.join(dir, 'app.db')], { DATABASE_PATH: env.DATABASE_PATH });
      expect(restore.status).toBe(1);
      expect(restore.stderr).toContain(
        `Refusing to restore: ${env.DATABASE_PATH} is in use by a Coin Ledger server (pid ${first.child.pid}).`,
      );
      const seed = runCommand('seed-demo.ts', [], { DATABASE_PATH: env.DATABASE_PATH });
      expect(seed.status).toBe(1);
      expect(seed.stderr).toContain('Cannot run:');
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    const again = await spawnServer(env);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('refuses a second server in the same process, and frees the file on stop', async () => {
    const dir = tempDir('ledger-lock-');
    const config = loadConfig({ DATABASE_PATH: path.join(dir, 'app.db'), PORT: '0', LOG_LEVEL: 'silent', BACKUP_KEEP: '0' });
    const one = await createServer({ config, logger: false, announce: () => {} });
    await expect(createServer({ config, logger: false, announce: () => {} })).rejects.toThrow(DatabaseLockedError);
    await one.stop();
    const two = await createServer({ config, logger: false, announce: () => {} });
    await two.stop();
  });
});
