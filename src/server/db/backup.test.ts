import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { entryOf, pairFixture } from '../testing/fixtures';
import { tempDir } from '../testing/test-db';
import { createServer, type AppServer } from '../server';
import { createCaller } from '../trpc/app-router';
import { createContextInner } from '../trpc/context';
import { backupTo, pruneBackups, verifyDatabaseFile, writeBackup } from './backup';
import { startMaintenance } from './maintenance';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let server: AppServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function liveServer() {
  const dir = tempDir('ledger-backup-');
  const config = loadConfig({
    DATABASE_PATH: path.join(dir, 'app.db'),
    PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Admin1234',
    BACKUP_KEEP: '0',
  });
  server = await createServer({ config, logger: false, announce: () => {} });
  await server.start();
  const admin = await server.database.db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'role'])
    .executeTakeFirstOrThrow();
  return { dir, dbFile: config.databasePath, admin };
}

describe('backups', () => {
  it('taken while writes run, each restores to a database that passes every check', async () => {
    const { dir, dbFile, admin } = await liveServer();
    const pair = await pairFixture(server!.database.db);
    const caller = createCaller(createContextInner({ db: server!.database.db, services: server!.services, user: admin, ip: '127.0.0.1' }));
    let written = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        await caller.transactions.create(entryOf(pair, { unplayedCoinsChange: '10.01', playedCoinsChange: '1', usdChange: '-0.01' }));
        written += 1;
        // Requests arrive as separate events; let the backup's steps and timers run between them.
        await new Promise((r) => setImmediate(r));
      }
    })();
    // Half the copies as `npm run backup` takes them, half as the daily backup does (maintenance worker).
    const reader = new SQLite(dbFile);
    const maintenance = startMaintenance(dbFile);
    const copies: string[] = [];
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 40));
      const file = path.join(dir, 'copies', `copy-${i}.db`);
      if (i % 2) await writeBackup(file, (partial) => maintenance.backup(partial));
      else await backupTo(reader, file);
      copies.push(file);
    }
    const checkpoint = await maintenance.checkpoint();
    stop = true;
    await writer;
    await maintenance.close();
    reader.close();
    expect(checkpoint.busy).toBe(0);
    expect(checkpoint.checkpointed).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(5);
    const counts: number[] = [];
    for (const file of copies) {
      const report = await verifyDatabaseFile(file);
      expect(report.problems, file).toEqual([]);
      expect(report.integrity).toBe('ok');
      counts.push(report.transactions);
    }
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBeLessThanOrEqual(written);
  });

  it('refuses to restore while the server runs, and refuses a file that is not a sound ledger', async () => {
    const { dir, dbFile } = await liveServer();
    const copy = path.join(dir, 'good.db');
    const reader = new SQLite(dbFile);
    await backupTo(reader, copy);
    reader.close();
    const restore = (file: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/restore.ts', file], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_PATH: dbFile },
        encoding: 'utf8',
      });
    const running = restore(copy);
    expect(running.status).toBe(1);
    expect(running.stderr).toContain(
      `Refusing to restore: ${dbFile} is in use by a Coin Ledger server (pid ${process.pid}). Stop it first.`,
    );

    await server!.stop();
    server = undefined;
    const broken = path.join(dir, 'broken.db');
    fs.copyFileSync(copy, broken);
    const db = new SQLite(broken);
    db.prepare("insert into customers (name, isActive, createdAt) values ('X', 1, 'now')").run();
    db.prepare("insert into casinos (name, isActive, scRatio, createdAt) values ('Y', 1, 1000, 'now')").run();
    db.prepare("insert into customerCasinos (customerId, casinoId, status, currentUnplayedCoins) values (1, 1, 'active', 500)").run();
    db.close();
    const refused = restore(broken);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('ledger invariants broken');

    const ok = restore(copy);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('ledger invariants hold');
    expect(fs.readdirSync(path.join(dir, 'backups')).some((f) => f.startsWith('pre-restore-'))).toBe(true);
  });

  it('keeps only the newest copies', () => {
    const dir = tempDir('ledger-prune-');
    for (const name of ['app-20260101-000000.db', 'app-20260102-000000.db', 'app-20260103-000000.db', 'notes.txt'])
      fs.writeFileSync(path.join(dir, name), '');
    expect(pruneBackups(dir, 2)).toEqual(['app-20260101-000000.db']);
    expect(fs.readdirSync(dir).sort()).toEqual(['app-20260102-000000.db', 'app-20260103-000000.db', 'notes.txt']);
  });
});
