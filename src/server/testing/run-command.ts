import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './spawn-server';

const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command-line tool of src/server/cli (as `npm run NAME` does) with only the given variables
 * set on top of a clean environment (no DATABASE_PATH leaking in), from `cwd` (the repository by default).
 */
export function runCommand(script: string, args: string[], env: Record<string, string>, cwd = ROOT): CommandResult {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_PATH|ADMIN_|JWT_SECRET|PORT$)/.test(k)));
  const res = spawnSync(process.execPath, ['--import', TSX, path.join(ROOT, 'src/server/cli', script), ...args], {
    cwd,
    env: { ...clean, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/**
 * A process that commits `rows` customers into a migrated database with automatic checkpoints off and
 * is then killed with SIGKILL: its acknowledged writes exist only in the -wal file, as after a crash.
 */
export function crashedWriter(databasePath: string, rows: number): Promise<void> {
  const source = `
    const SQLite = require(${JSON.stringify(path.join(ROOT, 'node_modules/better-sqlite3'))});
    const db = new SQLite(${JSON.stringify(databasePath)});
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    const insert = db.prepare("insert into customers (name, isActive, createdAt) values (?, 1, '2026-11-23T00:00:00.000Z')");
    for (let i = 1; i <= ${rows}; i++) insert.run('Acknowledged ' + i);
    process.kill(process.pid, 'SIGKILL');`;
  return new Promise((resolve) => spawn(process.execPath, ['-e', source], { stdio: 'ignore' }).on('exit', () => resolve()));
}
