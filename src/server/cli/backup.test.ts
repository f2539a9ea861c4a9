import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { runCommand } from '../testing/run-command';
import { tempDir } from '../testing/test-db';

// The security review's backup finding (backup over existing files and devices; stack traces) and the CLI tools that
// ignored .env, against the real `npm run backup` command.
let dir: string;
let database: string;
beforeAll(async () => {
  dir = tempDir('ledger-backup-cli-');
  database = path.join(dir, 'data', 'app.db');
  const opened = openDatabase(database);
  await migrateToLatest(opened.db);
  await opened.close();
});

const backup = (args: string[], env: Record<string, string> = { DATABASE_PATH: database }, cwd?: string) =>
  runCommand('backup.ts', args, env, cwd);
const oneLine = (stderr: string) => {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
};

describe('npm run backup', () => {
  it('refuses to replace an existing file unless --force, and never replaces a device or pipe', () => {
    const target = path.join(dir, 'existing.db');
    fs.writeFileSync(target, 'keep me');
    const refused = backup([target]);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(`Backup refused: ${target} already exists; add --force to replace it.`);
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me');

    const forced = backup([target, '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`written to ${target}`);
    expect(fs.readFileSync(target).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);

    // A named pipe stands in for a device: never point a test at a real one (a broken build would replace it).
    const pipe = path.join(dir, 'pipe');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const device = backup([pipe, '--force']);
    expect(device.status).toBe(1);
    expect(device.stderr.trim()).toBe(`Backup refused: ${pipe} is not a regular file; give a file path for the backup.`);
    expect(fs.statSync(pipe).isFIFO()).toBe(true);
  }, 60_000);

  it('reports a target it cannot write and a database it cannot open in one line', () => {
    const unwritable = backup(['/dev/null/ledger.db']);
    expect(unwritable.status).toBe(1);
    expect(unwritable.stderr).toMatch(/^Backup failed: cannot write \/dev\/null\/ledger\.db: /);
    oneLine(unwritable.stderr);

    const missing = backup([path.join(dir, 'x.db')], { DATABASE_PATH: path.join(dir, 'nowhere', 'app.db') });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^Backup failed: cannot open the database .*nowhere\/app\.db: /);
    oneLine(missing.stderr);
  }, 60_000);

  it('reads DATABASE_PATH from .env in the working folder, as the server does', () => {
    const office = tempDir('ledger-office-');
    fs.writeFileSync(path.join(office, '.env'), `DATABASE_PATH=${database}\n`);
    const res = backup(['copy.db'], {}, office);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Backup of ${database} written to ${path.join(office, 'copy.db')}`);
    expect(fs.existsSync(path.join(office, 'data'))).toBe(false);
  }, 60_000);
});
