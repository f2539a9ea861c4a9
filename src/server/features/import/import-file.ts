import fs from 'node:fs';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';

/** A cell as read: text, a number, a date (xlsx date cells: their wall-clock fields as UTC), or empty. */
export type ImportCell = string | number | Date | null;
export type ImportFormat = 'csv' | 'xlsx';

/** Reads a file's rows as a stream, the header row first: CSV with csv-parse, xlsx (first sheet) with exceljs's streaming reader. */
export function readRows(file: string, format: ImportFormat): AsyncGenerator<ImportCell[]> {
  return format === 'csv' ? csvRows(file) : xlsxRows(file);
}

async function* csvRows(file: string): AsyncGenerator<ImportCell[]> {
  // bom: a leading UTF-8 BOM (the product's own exports carry one) is not part of the first header.
  const parser = fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  for await (const record of parser as AsyncIterable<string[]>) yield record;
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

async function* xlsxRows(file: string): AsyncGenerator<ImportCell[]> {
  // exceljs is loaded on the first xlsx import only (as for the exports: it holds tens of MB).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of workbook) {
    let expected = 1;
    for await (const row of sheet) {
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
}
