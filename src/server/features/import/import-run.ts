import type SQLite from 'better-sqlite3';
import {
  detectColumns,
  type ImportField,
  type ImportKind,
  IMPORT_HEADERS,
  importFields,
  MAX_LISTED_ERRORS,
  OPTIONAL_IMPORT_FIELDS,
} from '../../../shared/import-fields';
import type { ImportOptions, ImportResult, ImportRowError } from '../../../shared/schemas/import';
import { conflict, DomainError } from '../../errors/domain-errors';
import type { Actor } from '../audit/audit.repository';
import { type ImportCell, type ImportFormat, readRows } from './import-file';
import { FailedRows } from './import-failed';
import { checkCustomerRow, customerWriter } from './import-customers';
import { columnLetters, fileProblem, grouped, type ImportLimits } from './import-limits';
import type { NameChange } from './import-names';
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
  limits: ImportLimits;
}

/** Who writes, and when the write is recorded. */
export interface ImportWrite {
  actor: Actor;
  now: Date;
}

/** One row's outcome: refused (field and message), a duplicate of a row already kept, or written (or, in a dry run, writable). */
export type RowOutcome = { error: { field: ImportField | 'row'; message: string } } | 'duplicate' | 'valid';

/** What one batch wrote: rows added, and rows skipped as copies of stored ones. */
export interface BatchOutcome {
  written: number;
  copies: number;
}

/** What an import kind does per row, and how its checked rows are written. */
export interface RowWriter {
  /** Checks a row and keeps it when valid: writes nothing (decision 080). */
  row(cells: ImportCell[], columns: Partial<Record<ImportField, number>>): RowOutcome;
  /** How many kept rows copy rows already stored (reads only: the dry run's figure, and the count before writing). */
  countCopies(): number;
  /**
   * Under the write lock, before the first batch: creates up to `max` of the customers, casinos, types and
   * links the rows need; answers whether all are created (called again until they are).
   */
  prepare(write: ImportWrite, max: number): boolean;
  /** The kept rows' writes, each batch at most about `size()` rows and run in a transaction of its own. */
  batches(write: ImportWrite, size: () => number): Generator<() => BatchOutcome>;
  created(): ImportResult['created'];
  /** Whether a change to a customer, casino, type or link made by someone else could change a checked row. */
  touchedBy(change: NameChange): boolean;
}

/**
 * Runs `work` (synchronous) when no other write is in the way, and answers what it answered. The server's
 * gate lets the main thread's waiting writes through between two batches (importer.ts); the command line,
 * alone with the database, runs each at once.
 */
export type Gate = <T>(work: () => T) => Promise<T>;
export const directGate: Gate = async (work) => work();

export interface ImportControl {
  gate: Gate;
  /** Polled between rows while the file is read: an error to stop with (the client hung up, time ran out). */
  stopped?: () => DomainError | null;
  /** Told after each of the import's transactions that committed something (names, or rows). */
  wrote?: () => void;
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

/**
 * How long one batch should hold the write lock (decision 080): a sign-in or an entry that arrives meanwhile
 * waits at most about this long. Batches start at FIRST_BATCH rows and are sized from the last one's time.
 */
const BATCH_MS = 40;
const FIRST_BATCH = 200;
const MAX_BATCH = 5000;

const isBlank = (cells: ImportCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
const headerText = (cell: ImportCell) => (cell instanceof Date ? cell.toISOString() : String(cell ?? '').trim());
const NONE_CREATED: ImportResult['created'] = { transactions: 0, customers: 0, casinos: 0, transactionTypes: 0, links: 0 };

/** A refused cell as an error shows it: as read, shortened past `length` characters. */
function shown(cell: ImportCell, length: number): string {
  const text = cell === null ? '' : cell instanceof Date ? cell.toISOString().slice(0, 19).replace('T', ' ') : String(cell);
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** The id of the audit log's last entry: what the checked names were read against. */
const lastAuditId = (sqlite: SQLite.Database) =>
  sqlite.prepare<[], { id: number }>('select coalesce(max(id), 0) id from "auditLog"').get()?.id ?? 0;

/**
 * Whether a customer, casino, type or link the checked rows rely on was created or changed after audit entry
 * `since` (every such write is audited): the few master-data entries since then, each asked of the writer.
 */
function namesChangedSince(sqlite: SQLite.Database, since: number, writer: RowWriter): boolean {
  const changes = sqlite
    .prepare<[number], { entity: string; entityId: number | null; before: string | null; after: string | null }>(
      `select entity, "entityId", before, after from "auditLog" where id > ? and entity in ('customer', 'casino', 'transactionType', 'link') order by id`,
    )
    .iterate(since);
  for (const c of changes) {
    const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
    if (writer.touchedBy({ entity: c.entity, entityId: c.entityId, before: parse(c.before), after: parse(c.after) })) return true;
  }
  return false;
}

/**
 * A batch refused by the ledger (a rule that only the write meets) rolls back alone; the batches before it
 * stay, each whole. The message says so, and that the same file imported again adds only the rest (its
 * written rows are then copies of stored ones, skipped).
 */
function stoppedWriting(error: unknown, written: number, valid: number): unknown {
  if (!(error instanceof DomainError)) return error;
  const note = `The import stopped after writing ${grouped(written)} of ${grouped(valid)} rows; importing the same file again adds only the rest.`;
  return new DomainError(error.kind, `${error.message}. ${note}`, error.fields);
}

interface Checked {
  result: ImportResult;
  writer: RowWriter | undefined;
  /** The audit entry the names were read at. */
  snapshot: number;
}

/** Reads and checks the whole file, keeping the valid rows; writes nothing and takes no write lock (decision 080). */
async function checkFile(
  sqlite: SQLite.Database,
  task: ImportTask,
  control: ImportControl,
  now: Date,
  failed: FailedRows,
): Promise<Checked> {
  const { options, limits } = task;
  const result: ImportResult = {
    importId: task.importId,
    dryRun: options.dryRun,
    committed: false,
    rows: 0,
    valid: 0,
    invalid: 0,
    errors: [],
    created: { ...NONE_CREATED },
    skippedDuplicates: 0,
    headers: [],
    columns: {},
  };
  let snapshot = 0;
  let rowNumber = 0;
  let writer: RowWriter | undefined;
  const columnOf = (field: ImportField | 'row') => (field === 'row' ? undefined : result.columns[field]);
  for await (const cells of readRows(task.file, task.format, limits)) {
    rowNumber++;
    const stop = control.stopped?.();
    if (stop) throw stop;
    if (!writer) {
      if (isBlank(cells)) continue;
      if (cells.length > limits.maxColumns)
        throw fileProblem(
          rowNumber,
          null,
          `the header has ${grouped(cells.length)} columns; the import reads at most ${grouped(limits.maxColumns)}`,
        );
      result.headers = cells.map(headerText);
      const long = result.headers.findIndex((h) => h.length > limits.maxHeaderLength);
      if (long >= 0)
        throw fileProblem(rowNumber, columnLetters(long + 1), `a header is longer than ${grouped(limits.maxHeaderLength)} characters`);
      result.columns = detectColumns(task.kind, result.headers, options.mapping);
      const missing = importFields(task.kind).filter((f) => result.columns[f] === undefined && !OPTIONAL_IMPORT_FIELDS.includes(f));
      if (missing.length > 0) {
        result.errors = missing.map((field) => ({
          row: rowNumber,
          field,
          column: options.mapping[field] ?? null,
          value: null,
          message: options.mapping[field] ? `Column "${options.mapping[field]}" not found` : `No column for ${IMPORT_HEADERS[field].label}`,
        }));
        result.invalid = missing.length;
        break;
      }
      failed.header(result.headers);
      // The names are read in one snapshot, and the audit entry they were read at is kept: writing starts
      // only if no customer, casino, type or link changed since (runImport).
      writer = sqlite
        .transaction(() => {
          snapshot = lastAuditId(sqlite);
          return task.kind === 'transactions' ? transactionWriter(sqlite, task, now) : customerWriter(sqlite, checkCustomerRow);
        })
        .deferred();
      continue;
    }
    if (isBlank(cells)) continue;
    result.rows++;
    const outcome = writer.row(cells, result.columns);
    if (outcome === 'valid') result.valid++;
    else if (outcome === 'duplicate') result.skippedDuplicates++;
    else {
      result.invalid++;
      const { field, message } = outcome.error;
      const index = columnOf(field);
      // The file's own header names the column, and the error shows the value it refused (as read).
      const column = index === undefined ? null : result.headers[index];
      if (result.errors.length < MAX_LISTED_ERRORS) {
        const error: ImportRowError = {
          row: rowNumber,
          field,
          column,
          value: index === undefined ? null : shown(cells[index] ?? null, limits.shownValueLength),
          message,
        };
        result.errors.push(error);
      }
      failed.add(cells, `${column ?? (field === 'row' ? 'Row' : IMPORT_HEADERS[field].label)}: ${message}`);
    }
  }
  return { result, writer, snapshot };
}

/**
 * Runs an import on `sqlite` (decisions 051, 052, 080): reads and checks the whole file first, with no
 * write lock, keeping the valid rows; then, when the run is not a dry run and every row is valid or
 * skipInvalid is set, creates the missing names and writes the rows in bounded batches, each one SQLite
 * transaction that keeps the ledger whole, through `control.gate`. A dry run writes nothing. If a name the
 * rows rely on changed while the file was checked, the file is checked once more (then 409).
 */
export async function runImport(
  sqlite: SQLite.Database,
  task: ImportTask,
  control: ImportControl = { gate: directGate },
  now = new Date(),
): Promise<ImportResult> {
  const { options } = task;
  for (let attempt = 1; ; attempt++) {
    const failed = new FailedRows(task.failedFile, task.limits.failedRowsMaxBytes);
    let checked: Checked;
    try {
      checked = await checkFile(sqlite, task, control, now, failed);
    } finally {
      await failed.close();
    }
    const { result, writer, snapshot } = checked;
    if (!writer) return result;
    // Copies of stored rows, counted by reading each pair once (writing counts them again, exactly).
    const copies = sqlite.transaction(() => writer.countCopies()).deferred();
    const created = writer.created();
    if (options.dryRun) {
      result.valid -= copies;
      result.skippedDuplicates += copies;
      result.created = { ...created, transactions: task.kind === 'transactions' ? result.valid : 0 };
      return result;
    }
    if (result.invalid > 0 && !options.skipInvalid) {
      result.valid -= copies;
      result.skippedDuplicates += copies;
      return result;
    }
    const write: ImportWrite = { actor: task.actor, now };
    // The first of these transactions checks that no name the rows rely on changed since they were checked.
    let fresh: boolean | undefined;
    for (let done = false; !done && fresh !== false;) {
      done = await control.gate(() =>
        sqlite
          .transaction(() => {
            fresh ??= !namesChangedSince(sqlite, snapshot, writer);
            return fresh && writer.prepare(write, FIRST_BATCH);
          })
          .immediate(),
      );
    }
    if (fresh && Object.values(created).some((n) => n > 0)) control.wrote?.();
    if (!fresh) {
      if (attempt < 2) continue;
      throw conflict(
        'Customers, casinos or transaction types changed while the file was checked, twice; nothing was imported. Import the file again.',
      );
    }
    const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
    sqlite.pragma(`cache_size = ${-IMPORT_CACHE_KIB}`);
    let size = FIRST_BATCH;
    let written = 0;
    let copied = 0;
    try {
      for (const batch of writer.batches(write, () => size)) {
        let done: { outcome: BatchOutcome; ms: number };
        try {
          done = await control.gate(() => {
            const started = performance.now();
            const outcome = sqlite.transaction(batch).immediate();
            return { outcome, ms: performance.now() - started };
          });
        } catch (error) {
          throw stoppedWriting(error, written, result.valid);
        }
        const { outcome, ms } = done;
        if (outcome.written > 0) control.wrote?.();
        written += outcome.written;
        copied += outcome.copies;
        size = Math.min(MAX_BATCH, Math.max(FIRST_BATCH / 4, Math.round((size * BATCH_MS) / Math.max(ms, 1))));
      }
    } finally {
      sqlite.pragma(`cache_size = ${cacheSize}`);
    }
    result.valid -= copied;
    result.skippedDuplicates += copied;
    result.created = task.kind === 'transactions' ? { ...created, transactions: written } : { ...NONE_CREATED, customers: written };
    result.committed = true;
    return result;
  }
}
