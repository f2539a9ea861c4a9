import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('start-up failures are clear and non-zero', () => {
  it('names each invalid setting and exits 2', () => {
    const res = run({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Invalid configuration:');
    expect(res.stderr).toContain('PORT:');
    expect(res.stderr).toContain('LOG_LEVEL:');
  });

  it('says which database folder cannot be written and exits 3', () => {
    const res = run({ DATABASE_PATH: '/dev/null/coin-ledger/app.db', PORT: '0' });
    expect(res.status).toBe(3);
    expect(res.stderr).toContain('Cannot open the database at /dev/null/coin-ledger/app.db');
    expect(res.stderr).toContain('DATABASE_PATH');
  });
});
