import { DomainError } from '../../errors/domain-errors';

/**
 * What one import may take (decision 080): every bound a file, a queue or a refusal can reach. A file past
 * one is refused whole, before anything is written, with a 400 naming the row (and column where known).
 */
export const IMPORT_LIMITS = {
  /** Data rows per file (the header aside); an xlsx row numbered past it is refused as it is read. */
  maxRows: 1_000_000,
  /** Columns of the header row (the product's files have 7 or 8). */
  maxColumns: 200,
  /** A cell's length in characters: Excel's own limit, so no spreadsheet's cell is refused. */
  maxCellLength: 32_767,
  /** A CSV row's length in characters (csv-parse stops reading there, so a row of a million commas is never held). */
  maxRowChars: 262_144,
  /** A header's length in characters (a mapping names a header in at most 200). */
  maxHeaderLength: 200,
  /** Reading and checking a file (the write that follows is bounded by maxRows). */
  maxSeconds: 10 * 60,
  /** Imports waiting behind the one that runs; past them an upload answers 429. */
  maxWaiting: 3,
  /** failed-rows.csv stops growing here and says how many refused rows it leaves out. */
  failedRowsMaxBytes: 20 * 1024 * 1024,
  /** How much of a refused value an error shows. */
  shownValueLength: 60,
};
export type ImportLimits = typeof IMPORT_LIMITS;

/** Thousands separators in the office's number format. */
export const grouped = (n: number) => n.toLocaleString('en-US');

/** A column's letters as a spreadsheet names it (1 -> A, 27 -> AA). */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A file that cannot be read, or is past a bound: a 400 whose message names the row (and column where known). */
export function fileProblem(row: number | null, column: string | null, message: string): DomainError {
  const where = row === null ? '' : column === null ? `Row ${grouped(row)}: ` : `Row ${grouped(row)}, column ${column}: `;
  return new DomainError('invalid', `${where}${message}`);
}
