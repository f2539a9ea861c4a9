import type SQLite from 'better-sqlite3';
import {
  detectColumns,
  type ImportField,
  type ImportKind,
  type ImportOptions,
  type ImportResult,
  IMPORT_HEADERS,
  importFields,
  MAX_LISTED_ERRORS,
  OPTIONAL_IMPORT_FIELDS,
} from '../../../shared/schemas/import';
import type { Actor } from '../audit/audit.repository';
import { type ImportCell, type ImportFormat, readRows } from './import-file';
import { FailedRows } from './import-failed';
import { checkCustomerRow, customerWriter } from './import-customers';
import { transactionWriter } from './import-transactions';

export interface ImportTask {
  kind: ImportKind;
  file: string;
  format: ImportFormat;
  options: ImportOptions;
  actor: Actor;
  importId: string;
  /** Where the refused rows go (with an Error column). */
  failedFile: string;
  timeZone: string;
}

/** One row's outcome: refused (field and message), a duplicate of a row already kept, or written (or, in a dry run, writable). */
export type RowOutcome = { error: { field: ImportField | 'row'; message: string } } | 'duplicate' | 'valid';

/** What an import kind does per row, and what it created. */
export interface RowWriter {
  row(cells: ImportCell[], columns: Partial<Record<ImportField, number>>): RowOutcome;
  /**
   * After the last row: the transactions are written here, by pair and date (decision 052). Answers how
   * many of the rows row() called valid turned out to be duplicates of rows already in the ledger.
   */
  finish(): { duplicates: number };
  created(): ImportResult['created'];
}

/**
 * The import thread's nice value: below the main thread and the screens' read threads (both 0), beside a
 * CSV export's thread (3). At 10 (an Excel export's) it got almost nothing while 4 readers kept both read
 * threads busy on 2 cores (decision 052); at 7 its commit took 25 s of its 30 once the screens ran at 0
 * (decision 029).
 */
export const IMPORT_NICE = 3;

/**
 * The import connection's page cache while a commit writes (KiB; a dry run keeps the connection's 8 MB:
 * it reads each pair once). Since the kept rows are written by pair and date (decision 052), 8, 16, 32
 * and 64 MB gave the same CPU time for 100,000 rows into 1,000,000 (11 to 12 s); each MB counts in the
 * server's RSS, so 16 MB (decision 053).
 */
export const IMPORT_CACHE_KIB = 16 * 1024;

const isBlank = (cells: ImportCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
const headerText = (cell: ImportCell) => (cell instanceof Date ? cell.toISOString() : String(cell ?? '').trim());

/**
 * Runs an import on `sqlite` (docs/decisions/051): reads the file as a stream, checks every row with the
 * typed entry's schemas and rules, and writes the valid rows in ONE SQLite transaction (BEGIN IMMEDIATE),
 * committed only when the run is not a dry run and every row is valid or skipInvalid is set. A dry run
 * reads in a read transaction and writes nothing. `waitForWrites` is awaited before the write lock is taken.
 */
export async function runImport(sqlite: SQLite.Database, task: ImportTask, now = new Date()): Promise<ImportResult> {
  const { options } = task;
  const writing = !options.dryRun;
  const result: ImportResult = {
    importId: task.importId,
    dryRun: options.dryRun,
    committed: false,
    rows: 0,
    valid: 0,
    invalid: 0,
    errors: [],
    created: { transactions: 0, customers: 0, casinos: 0, transactionTypes: 0, links: 0 },
    skippedDuplicates: 0,
    headers: [],
    columns: {},
  };
  const failed = new FailedRows(task.failedFile);
  // The connection's own size comes back after.
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  if (writing) sqlite.pragma(`cache_size = ${-IMPORT_CACHE_KIB}`);
  sqlite.exec(writing ? 'begin immediate' : 'begin');
  try {
    const rows = readRows(task.file, task.format);
    let rowNumber = 0;
    let writer: RowWriter | undefined;
    for await (const cells of rows) {
      rowNumber++;
      if (!writer) {
        if (isBlank(cells)) continue;
        result.headers = cells.map(headerText);
        result.columns = detectColumns(task.kind, result.headers, options.mapping);
        const missing = importFields(task.kind).filter((f) => result.columns[f] === undefined && !OPTIONAL_IMPORT_FIELDS.includes(f));
        if (missing.length > 0) {
          result.errors = missing.map((field) => ({
            row: rowNumber,
            field,
            message: options.mapping[field]
              ? `Column "${options.mapping[field]}" not found`
              : `No column for ${IMPORT_HEADERS[field].label}`,
          }));
          result.invalid = missing.length;
          break;
        }
        failed.header(result.headers);
        const write = writing ? { actor: task.actor, now } : null;
        writer = task.kind === 'transactions' ? transactionWriter(sqlite, task, write) : customerWriter(sqlite, write, checkCustomerRow);
        continue;
      }
      if (isBlank(cells)) continue;
      result.rows++;
      const outcome = writer.row(cells, result.columns);
      if (outcome === 'valid') result.valid++;
      else if (outcome === 'duplicate') result.skippedDuplicates++;
      else {
        result.invalid++;
        if (result.errors.length < MAX_LISTED_ERRORS) result.errors.push({ row: rowNumber, ...outcome.error });
        failed.add(cells, `${outcome.error.field}: ${outcome.error.message}`);
      }
    }
    if (writer) {
      const { duplicates } = writer.finish();
      result.valid -= duplicates;
      result.skippedDuplicates += duplicates;
      result.created = writer.created();
    }
    const commit = writing && writer !== undefined && (result.invalid === 0 || options.skipInvalid);
    if (commit) {
      sqlite.exec('commit');
      result.committed = true;
    } else {
      sqlite.exec('rollback');
    }
    if (!result.committed && !options.dryRun) result.created = { transactions: 0, customers: 0, casinos: 0, transactionTypes: 0, links: 0 };
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    await failed.close();
    throw error;
  } finally {
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
  await failed.close();
  return result;
}
