/**
 * The one rule for text that goes into a spreadsheet (CSV and XLSX exports, in the browser or streamed
 * by the server): a text cell that a spreadsheet could read as a formula gets a leading apostrophe,
 * and a CSV field is quoted whenever a spreadsheet could split it. Numbers stay numbers.
 */
export type Cell = string | number | null;

/**
 * A formula starts with = + - @ once any leading blanks, quotes and separator-like characters are
 * skipped (" =1+1", ";=2+5", "|=cmd"); a leading tab, carriage return or line feed is unsafe by itself.
 */
const FORMULA_START = /^(?:[\s;,|"']*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

/** Characters that make a CSV field quoted: the quote itself, line ends, and every separator a
 * spreadsheet may split on (comma, semicolon as in much of Europe, tab). */
export const CSV_QUOTE_PATTERN = /[",;\t\r\n]/;

export function neutralise(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One CSV field: neutralised, then quoted (RFC 4180) when it holds a separator, quote or line end. */
export function csvField(cell: Cell): string {
  const value = neutralise(cell);
  if (value === null) return '';
  const text = String(value);
  return CSV_QUOTE_PATTERN.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (without its line end). */
export const csvLine = (row: readonly Cell[]): string => row.map(csvField).join(',');

/** RFC 4180 text with CRLF line ends, prefixed with a UTF-8 BOM so Excel keeps accents. */
export function toCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${[columns, ...rows].map(csvLine).join('\r\n')}\r\n`;
}
