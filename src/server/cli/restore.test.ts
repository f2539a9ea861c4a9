import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { crashedWriter, runCommand } from '../testing/run-command';
import { tempDir } from '../testing/test-db';

// The security review's restore findings, against the real `npm run restore` command.
async function migratedFile(file: string): Promise<void> {
  const database = openDatabase(file);
  await migrateToLatest(database.db);
  await database.close();
}

const customers = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) n from customers').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('npm run restore', () => {
  it('keeps the acknowledged writes still in the WAL of a crashed server in the pre-restore copy (6a)', async () => {
    const dir = tempDir('ledger-restore-');
    const target = path.join(dir, 'app.db');
    await migratedFile(target);
    await crashedWriter(target, 50);
    expect(fs.statSync(`${target}-wal`).size).toBeGreaterThan(0);
    const backup = path.join(dir, 'backup.db');
    await migratedFile(backup);

    const res = runCommand('restore.ts', [backup], { DATABASE_PATH: target });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    const kept = fs.readdirSync(path.join(dir, 'backups')).filter((f) => f.startsWith('pre-restore-'));
    expect(kept).toHaveLength(1);
    expect(customers(path.join(dir, 'backups', kept[0]))).toBe(50);
    expect(customers(target)).toBe(0);
    expect(fs.existsSync(`${target}-wal`) ? fs.statSync(`${target}-wal`).size : 0).toBe(0);
  });

  it('copies a source whose writes are in a -wal beside it, with them (6c)', async () => {
    const dir = tempDir('ledger-restore-');
    const source = path.join(dir, 'from-usb.db');
    await migratedFile(source);
    await crashedWriter(source, 30);
    const target = path.join(dir, 'data', 'app.db');

    const res = runCommand('restore.ts', [source], { DATABASE_PATH: target });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('ledger invariants hold');
    expect(customers(target)).toBe(30);
  });

  it('refuses a valid ledger whose schema was changed, e.g. a trigger that makes users admin (7)', async () => {
    const dir = tempDir('ledger-restore-');
    const target = path.join(dir, 'app.db');
    await migratedFile(target);
    const doctored = path.join(dir, 'doctored.db');
    await migratedFile(doctored);
    const db = new SQLite(doctored);
    db.exec("create trigger make_admin after insert on transactions begin update users set role = 'admin'; end");
    db.exec('drop index if exists transactions_pair_date_id');
    db.close();

    const res = runCommand('restore.ts', [doctored], { DATABASE_PATH: target });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(
      /^Refusing to restore .*doctored\.db: schema differs from what its migrations create: unexpected trigger make_admin/,
    );
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'backups'))).toBe(false);
    const sqlite = new SQLite(target, { readonly: true });
    expect(sqlite.prepare("select count(*) n from sqlite_master where type = 'trigger' and name = 'make_admin'").get()).toEqual({ n: 0 });
    sqlite.close();
  });

  // Each backdoor promotes every user to admin at the next sign-in (sign-ins are audited).
  const backdoor = "update users set role = 'admin'";
  it.each([
    [
      "a trigger whose name only looks like one of SQLite's own (LIKE 'sqlite_%' matched it)",
      `create trigger sqlitex_backdoor after insert on "auditLog" begin ${backdoor}; end`,
      'unexpected trigger sqlitex_backdoor',
    ],
    [
      "a trigger carrying the name of one of the app's own",
      `drop trigger "boardLinkInsert";
       create trigger "boardLinkInsert" after insert on "customerCasinos" begin ${backdoor}; end`,
      'changed trigger boardLinkInsert',
    ],
    [
      'a trigger named like an app table',
      `create trigger users after insert on "auditLog" begin ${backdoor}; end`,
      'unexpected trigger users',
    ],
  ])('refuses a backup with %s, naming it', async (_what, doctoring, named) => {
    const dir = tempDir('ledger-restore-');
    const target = path.join(dir, 'app.db');
    await migratedFile(target);
    const doctored = path.join(dir, 'doctored.db');
    await migratedFile(doctored);
    const db = new SQLite(doctored);
    db.exec(doctoring);
    db.close();

    const res = runCommand('restore.ts', [doctored], { DATABASE_PATH: target });
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toBe(`Refusing to restore ${doctored}: schema differs from what its migrations create: ${named}`);
    const sqlite = new SQLite(target, { readonly: true });
    expect(sqlite.prepare("select count(*) n from sqlite_master where type = 'trigger' and sql like '%role = ''admin''%'").get()).toEqual({
      n: 0,
    });
    sqlite.close();
  });

  it('reports a source it cannot read in one line', () => {
    const dir = tempDir('ledger-restore-');
    for (const source of [path.join(dir, 'missing.db'), dir]) {
      const res = runCommand('restore.ts', [source], { DATABASE_PATH: path.join(dir, 'app.db') });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/^Refusing to restore .*: cannot read it as a database: /);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
