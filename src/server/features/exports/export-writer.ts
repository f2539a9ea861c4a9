import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { offsetMs } from '../../../shared/dates';
import { CSV_QUOTE_PATTERN, neutralise } from '../../../shared/spreadsheet-cells';
import type { Cell, ExportSheet } from './export-sheets';
import { loadExcelJs } from '../import/exceljs-loader';

export type ExportFormat = 'csv' | 'xlsx';

/** Excel's rows per sheet, header included. */
export const EXCEL_MAX_ROWS = 1_048_576;

/**
 * Wall-clock time of an instant in `timeZone`, as a Date whose UTC fields are the local ones (Excel
 * dates carry no zone; exceljs writes a Date's UTC fields). Offsets are cached per quarter hour.
 */
export function wallClock(timeZone: string): (instant: Date) => Date {
  const offsets = new Map<number, number>();
  return (instant) => {
    const ms = instant.getTime();
    const bucket = Math.floor(ms / 900_000);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = offsetMs(bucket * 900_000, timeZone);
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return new Date(ms + offset);
  };
}

/**
 * Lets the event loop run: rows come from synchronous SQLite behind promises, so without this the
 * compressor's and the port's callbacks (macrotasks) would wait until the last row.
 */
const YIELD_EVERY = 100;
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A signal that aborts when `out` closes or fails before its last byte: the download went away, or the
 * reader was too slow (decision 085). The writers stop at their next row or wait, and free their thread.
 * It also listens for `out`'s errors, which would otherwise be thrown in the thread.
 */
export function stopsWith(out: Writable): AbortSignal {
  const stop = new AbortController();
  const end = () => {
    if (!out.writableFinished) stop.abort(out.errored ?? new Error('The download was closed before the export finished'));
  };
  out.on('error', end);
  out.once('close', end);
  return stop.signal;
}

/** Waits until `out` takes more; rejects with why the download stopped when `signal` aborts. */
export async function drained(out: Writable, signal: AbortSignal): Promise<void> {
  try {
    await once(out, 'drain', { signal });
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  }
}

const minuteText = (local: Date) => local.toISOString().slice(0, 16).replace('T', ' ');

/** Text cells that a spreadsheet would run as a formula get a leading apostrophe (design.md section 4). */
const safe = (cell: string | number | null) => (typeof cell === 'string' ? neutralise(cell) : cell);

/** The cell as CSV text or value, and as Excel writes it (instants at the office's wall clock). */
const csvCell = (cell: Cell, local: (d: Date) => Date) =>
  cell instanceof Date ? minuteText(local(cell)) : cell !== null && typeof cell === 'object' ? cell.text : safe(cell);
const xlsxCell = (cell: Cell, local: (d: Date) => Date) =>
  cell instanceof Date ? local(cell) : cell !== null && typeof cell === 'object' ? cell.excel : safe(cell);

/** Excel's name of a column: 1 -> A, 27 -> AA. */
export function columnLetter(n: number): string {
  let name = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) name = String.fromCharCode(65 + ((i - 1) % 26)) + name;
  return name;
}

/** CSV rows are turned to text this many at a time (a stream write per row cost more than the text itself). */
const CSV_BATCH = 1000;

async function writeCsv(sheet: ExportSheet, out: Writable, local: (d: Date) => Date): Promise<number> {
  const signal = stopsWith(out);
  // Quoted whenever a spreadsheet could split the field (';' too: a formula could start after it).
  const options = { record_delimiter: 'windows', quoted_match: CSV_QUOTE_PATTERN, columns: sheet.columns.map((c) => c.header) } as const;
  let batch: (string | number | null)[][] = [];
  let first = true;
  const flush = async () => {
    // The byte order mark and the header lead the first batch (written even when there are no rows).
    const text = stringify(batch, { ...options, bom: first, header: first });
    first = false;
    batch = [];
    signal.throwIfAborted();
    if (!out.write(text)) await drained(out, signal);
  };
  let n = 0;
  for await (const row of sheet.rows) {
    batch.push(row.map((cell) => csvCell(cell, local)));
    n += 1;
    if (batch.length === CSV_BATCH) {
      await flush();
      await turn();
    }
  }
  await flush();
  out.end();
  await finished(out);
  return n;
}

async function writeXlsx(sheet: ExportSheet, out: Writable, local: (d: Date) => Date, maxRows: number): Promise<number> {
  // Loaded on the first Excel export only: exceljs holds about 26 MB in every thread that imports it.
  const signal = stopsWith(out);
  const excel = await loadExcelJs();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let sheets = 0;
  let rowsInSheet = 0;
  let ws: ExcelJS.Worksheet | undefined;
  // The header row is frozen and filtered: the filter spans the sheet's rows, known when it is committed.
  const commitSheet = () => {
    if (!ws) return;
    ws.autoFilter = `A1:${columnLetter(sheet.columns.length)}${rowsInSheet}`;
    ws.commit();
  };
  const addSheet = () => {
    commitSheet();
    sheets += 1;
    // Past Excel's limit the rows go on: "Transactions (2)", "Transactions (3)", ... (decision 022).
    ws = workbook.addWorksheet(sheets === 1 ? sheet.sheetName : `${sheet.sheetName} (${sheets})`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    rowsInSheet = 1;
    return ws;
  };
  let current = addSheet();
  let n = 0;
  for await (const row of sheet.rows) {
    signal.throwIfAborted();
    if (rowsInSheet >= maxRows) current = addSheet();
    current.addRow(row.map((cell) => xlsxCell(cell, local))).commit();
    rowsInSheet += 1;
    n += 1;
    if (n % YIELD_EVERY === 0) await turn();
    if (out.writableNeedDrain) await drained(out, signal);
  }
  signal.throwIfAborted();
  commitSheet();
  await workbook.commit();
  await finished(out);
  return n;
}

/** Writes the sheet to `out` as CSV or XLSX, ending it; resolves with the number of rows. */
export function writeExport(
  sheet: ExportSheet,
  format: ExportFormat,
  out: Writable,
  { timeZone, maxRows = EXCEL_MAX_ROWS }: { timeZone: string; maxRows?: number },
): Promise<number> {
  const local = wallClock(timeZone);
  return format === 'csv' ? writeCsv(sheet, out, local) : writeXlsx(sheet, out, local, maxRows);
}
