import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fail, loadCliConfig, lockForCommand, reason } from './cli-support';
import { openDatabase } from '../db/database';
import { makePrivateDir } from '../db/file-modes';
import { migrateToLatest } from '../db/migrate';
import { IMPORT_LIMITS } from '../features/import/import-limits';
import { runImport } from '../features/import/import-run';
import { formatImportSummary } from '../features/import/import-summary';
import { useOfficeZone } from '../features/check-ins/check-in-days';

/**
 * `npm run import -- FILE [--dry-run] [--create-missing] [--skip-invalid] [--customers] [--user EMAIL]`:
 * the import of POST /api/import/... (decision 051) for large files, with the server stopped. Rows are
 * attributed to --user (the first admin by default). Exit code 0 when committed (or a clean dry run), 1 otherwise.
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean', default: false },
    'create-missing': { type: 'boolean', default: false },
    'skip-invalid': { type: 'boolean', default: false },
    customers: { type: 'boolean', default: false },
    user: { type: 'string' },
  },
});
const usage = 'Usage: npm run import -- FILE.csv|FILE.xlsx [--dry-run] [--create-missing] [--skip-invalid] [--customers] [--user EMAIL]';
if (positionals.length !== 1) fail(usage, 2);
const file = path.resolve(positionals[0]);
const format = /\.xlsx$/i.test(file) ? 'xlsx' : /\.csv$/i.test(file) ? 'csv' : fail(`${usage}\nThe file must end in .csv or .xlsx.`, 2);
if (!fs.existsSync(file)) fail(`No such file: ${file}`, 2);

const config = loadCliConfig();
const lock = lockForCommand(config.databasePath);
const { db, sqlite, close } = openDatabase(config.databasePath);
try {
  await migrateToLatest(db);
  // Check-in days in the office time zone, as the server keeps them (decision 061).
  useOfficeZone(sqlite, config.timeZone);
  const user = args.user
    ? sqlite
        .prepare<[{ email: string }], { id: number; email: string }>('select id, email from users where email = @email collate nocase')
        .get({ email: args.user })
    : sqlite.prepare<[], { id: number; email: string }>(`select id, email from users where role = 'admin' order by id limit 1`).get();
  if (!user) fail(args.user ? `No user with the email ${args.user}` : 'No admin user yet: start the server once, or pass --user EMAIL', 2);
  const dir = path.join(path.dirname(path.resolve(config.databasePath)), 'imports');
  makePrivateDir(dir);
  const importId = crypto.randomUUID();
  const failedFile = path.join(dir, `${importId}-failed.csv`);
  const started = performance.now();
  const result = await runImport(sqlite, {
    kind: args.customers ? 'customers' : 'transactions',
    file,
    format,
    options: { dryRun: args['dry-run'], createMissing: args['create-missing'], skipInvalid: args['skip-invalid'], mapping: {} },
    actor: { id: user.id, email: user.email },
    importId,
    failedFile,
    timeZone: config.timeZone,
    limits: IMPORT_LIMITS,
  });
  console.log(formatImportSummary(result));
  if (result.invalid > 0 && fs.existsSync(failedFile)) console.log(`Failed rows: ${failedFile}`);
  console.log(`Took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  process.exitCode = result.committed || (result.dryRun && result.invalid === 0) ? 0 : 1;
} catch (error) {
  console.error(`Import failed: ${reason(error)}`);
  process.exitCode = 1;
} finally {
  await close();
  lock.release();
}
