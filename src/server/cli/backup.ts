import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupTargetError, backupTo, verifyDatabaseFile } from '../db/backup';
import { fail, loadCliConfig, reason } from './cli-support';

// `npm run backup -- FILE [--force]`: a consistent copy of the database (safe while the server runs),
// then verified. An existing FILE is replaced only with --force; a device or folder never is.
const args = process.argv.slice(2);
const overwrite = args.includes('--force');
const [target, ...extra] = args.filter((a) => a !== '--force');
if (!target || extra.length) fail('Usage: npm run backup -- FILE [--force]', 2);
const config = loadCliConfig();
const databasePath = path.resolve(config.databasePath);
let source: SQLite.Database;
try {
  source = new SQLite(databasePath, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
} catch (error) {
  fail(`Backup failed: cannot open the database ${databasePath}: ${reason(error)}`);
}
const started = performance.now();
try {
  await backupTo(source, target, { overwrite });
} catch (error) {
  if (error instanceof BackupTargetError) fail(`Backup refused: ${error.message}`);
  fail(`Backup failed: cannot write ${path.resolve(target)}: ${reason(error)}`);
} finally {
  source.close();
}
const report = await verifyDatabaseFile(target);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (!report.ok) fail(`Backup written to ${path.resolve(target)} but it does not verify: ${report.problems.join('; ')}`);
console.log(
  `Backup of ${databasePath} written to ${path.resolve(target)} in ${seconds} s: integrity ok, ${report.migrations.applied.length} migrations, ${report.transactions} transactions, ledger invariants hold.`,
);
