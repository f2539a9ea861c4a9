import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { backupName, verifyDatabaseFile } from '../db/backup';
import { runningServer } from '../db/server-lock';

// `npm run restore -- FILE`: checks the file, refuses while the server runs, keeps the current database
// in backups/ and puts the file in its place. Pending migrations are applied at the next start.
const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
const target = path.resolve(config.databasePath);
const dataDir = path.dirname(target);
const pid = runningServer(dataDir);
if (pid) {
  console.error(`Refusing to restore: the server is running (pid ${pid}) on ${dataDir}. Stop it first.`);
  process.exit(1);
}
const report = await verifyDatabaseFile(source);
if (!report.ok) {
  console.error(`Refusing to restore ${source}: ${report.problems.join('; ')}`);
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true });
const staged = `${target}.restoring`;
fs.copyFileSync(source, staged);
const fd = fs.openSync(staged, 'r+');
fs.fsyncSync(fd);
fs.closeSync(fd);
if (fs.existsSync(target)) {
  const keep = path.join(dataDir, 'backups', `pre-restore-${backupName()}`);
  fs.mkdirSync(path.dirname(keep), { recursive: true });
  fs.renameSync(target, keep);
  console.log(`The database it replaces is kept as ${keep}.`);
}
for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
fs.renameSync(staged, target);
console.log(`Restored ${source} to ${target}: integrity ok, ${report.transactions} transactions, ledger invariants hold.`);
