import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { DomainError } from '../../errors/domain-errors';
import { columnLetters, fileProblem, grouped, type ImportLimits } from './import-limits';
import { loadExcelJs } from './exceljs-loader';

/** A cell as read: text, a number, a date (xlsx date cells: their wall-clock fields as UTC), or empty. */
export type ImportCell = string | number | Date | null;
export type ImportFormat = 'csv' | 'xlsx';

/**
 * Reads a file's rows as a stream, the header row first: CSV with csv-parse, xlsx (first sheet) with
 * exceljs's streaming reader. A file that cannot be read, or goes past a bound of `limits` (rows, a cell's
 * length, a CSV row's length), throws a 400 naming the row (decision 080) as soon as the reader meets it.
 */
export async function* readRows(file: string, format: ImportFormat, limits: ImportLimits): AsyncGenerator<ImportCell[]> {
  let row = 0;
  const lastRow = limits.maxRows + 1;
  for await (const cells of format === 'csv' ? csvRows(file, limits) : xlsxRows(file, lastRow)) {
    if (++row > lastRow) throw fileProblem(row, null, `the import reads at most ${grouped(limits.maxRows)} rows after the header`);
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (typeof cell === 'string' && cell.length > limits.maxCellLength)
        throw fileProblem(row, columnLetters(i + 1), `a cell is longer than ${grouped(limits.maxCellLength)} characters`);
    }
    yield cells;
  }
}

const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a quote inside a cell is written as two quotes)',
  CSV_INVALID_CLOSING_QUOTE: 'text follows the quote that closes a cell (a quote inside a cell is written as two quotes)',
  CSV_INVALID_OPENING_QUOTE: 'a quote opens inside a cell (a quote inside a cell is written as two quotes)',
};

async function* csvRows(file: string, limits: ImportLimits): AsyncGenerator<ImportCell[]> {
  // bom: a leading UTF-8 BOM (the product's own exports carry one) is not part of the first header.
  // max_record_size: a row is never held past this many characters (a header of a million commas included).
  // cast sees each cell as it is parsed: a row past maxColumns (a header of a million commas, which
  // max_record_size does not count) stops the parse there, never held whole.
  const parser = fs.createReadStream(file).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: limits.maxRowChars,
      cast: (value, context) => {
        if (context.index >= limits.maxColumns)
          throw fileProblem(
            context.records + 1,
            null,
            `the row has more than ${grouped(limits.maxColumns)} columns; the import reads at most ${grouped(limits.maxColumns)}`,
          );
        return value;
      },
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof DomainError || !(error instanceof CsvError)) throw error;
    // csv-parse counts the records it finished; the one it stopped in is the next (the file's row, blank lines aside).
    const { records, column } = error as CsvError & { records?: number; column?: number };
    const row = (records ?? 0) + 1;
    const message =
      error.code === 'CSV_MAX_RECORD_SIZE'
        ? `the row is longer than ${grouped(limits.maxRowChars)} characters`
        : (CSV_PROBLEMS[error.code] ?? `the file is not valid CSV (${error.message})`);
    throw fileProblem(row, typeof column === 'number' && error.code !== 'CSV_MAX_RECORD_SIZE' ? columnLetters(column + 1) : null, message);
  }
}

/** One xlsx cell's value: formulas give their result, rich text its text, hyperlinks their text, errors nothing. */
function xlsxCell(value: ExcelJS.CellValue): ImportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date))
      ? null
      : typeof result === 'boolean'
        ? String(result)
        : result;
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  return null;
}

async function* xlsxRows(file: string, lastRow: number): AsyncGenerator<ImportCell[]> {
  // exceljs is loaded on the first xlsx import only (as for the exports: it holds tens of MB).
  const Excel = await loadExcelJs();
  const workbook = new Excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let expected = 1;
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        // A row numbered past the bound is refused at once: the blank rows before it would take days to count.
        if (row.number > lastRow)
          throw fileProblem(row.number, null, `the import reads at most ${grouped(lastRow - 1)} rows after the header`);
        // Blank rows are absent from the stream: keep the numbering of the sheet.
        for (; expected < row.number; expected++) yield [];
        expected = row.number + 1;
        const values = row.values as ExcelJS.CellValue[];
        const cells: ImportCell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(xlsxCell(values[i]));
        yield cells;
      }
      return; // the first sheet only
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // exceljs parses a chunk of rows before it hands them over: the trouble is in a row after the last one read.
    const reason = error instanceof Error ? error.message : String(error);
    const column = /Invalid column letter: ([A-Z]+)/.exec(reason)?.[1];
    if (column)
      throw fileProblem(
        null,
        null,
        `Row ${grouped(expected)} or later, column ${column}: the column is past XFD, a spreadsheet's last column`,
      );
    throw fileProblem(null, null, `Row ${grouped(expected)} or later: the file cannot be read as an xlsx workbook (${reason})`);
  }
}
