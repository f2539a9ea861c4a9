import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config';
import { backupTo, verifyDatabaseFile } from '../db/backup';

// `npm run backup -- FILE`: a consistent copy of the database (safe while the server runs), then verified.
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
const config = loadConfig();
const source = new SQLite(config.databasePath, { fileMustExist: true });
source.pragma('busy_timeout = 5000');
const started = performance.now();
await backupTo(source, target);
source.close();
const report = await verifyDatabaseFile(target);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (!report.ok) {
  console.error(`Backup written to ${path.resolve(target)} but it does not verify: ${report.problems.join('; ')}`);
  process.exit(1);
}
console.log(`Backup of ${config.databasePath} written to ${path.resolve(target)} in ${seconds} s: integrity ok, ${report.migrations.applied.length} migrations, ${report.transactions} transactions, ledger invariants hold.`);
