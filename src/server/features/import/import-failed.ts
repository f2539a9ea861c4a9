import fs from 'node:fs';
import { once } from 'node:events';
import { csvField, csvLine } from '../../../shared/spreadsheet-cells';
import type { ImportCell } from './import-file';

/** Plain decimal numbers stay exactly as written (a number is no formula); other text is neutralised as in every export. */
const NUMBER = /^-?\d+(\.\d+)?$/;
function field(cell: ImportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof cell === 'number') return String(cell);
  return NUMBER.test(cell) ? cell : csvField(cell);
}

/**
 * failed-rows.csv: the file's header with an Error column, then each refused row as it was read, with
 * the field and message that refused it. Written as a stream (mode 0600, like every file of the data folder).
 */
export class FailedRows {
  private out: fs.WriteStream | null = null;
  private columns = 0;

  constructor(private readonly file: string) {}

  header(headers: string[]): void {
    this.out = fs.createWriteStream(this.file, { mode: 0o600 });
    this.columns = headers.length;
    this.out.write(`\uFEFF${csvLine([...headers, 'Error'])}\r\n`);
  }

  add(cells: ImportCell[], error: string): void {
    if (!this.out) return;
    const row = Array.from({ length: this.columns }, (_, i) => field(cells[i] ?? null));
    this.out.write(`${[...row, csvField(error)].join(',')}\r\n`);
  }

  async close(): Promise<void> {
    if (!this.out) return;
    this.out.end();
    await once(this.out, 'close');
  }
}
