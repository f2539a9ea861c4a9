import fs from 'node:fs';
import { once } from 'node:events';
import { csvField, csvLine } from '../../../shared/spreadsheet-cells';
import type { ImportCell } from './import-file';
import { grouped } from './import-limits';

/** Plain decimal numbers stay exactly as written (a number is no formula); other text is neutralised as in every export. */
const NUMBER = /^-?\d+(\.\d+)?$/;
function field(cell: ImportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof cell === 'number') return String(cell);
  return NUMBER.test(cell) ? cell : csvField(cell);
}

/**
 * failed-rows.csv: the file's header with an Error column, then each refused row as it was read (its
 * cells under the header, no wider: the header's width is bounded, decision 080), with the column and
 * message that refused it. Written as a stream (mode 0600, like every file of the data folder) up to
 * `maxBytes`; past them one last line says how many refused rows it leaves out.
 */
export class FailedRows {
  private out: fs.WriteStream | null = null;
  private columns = 0;
  private bytes = 0;
  private left = 0;

  constructor(
    private readonly file: string,
    private readonly maxBytes: number,
  ) {}

  header(headers: string[]): void {
    this.out = fs.createWriteStream(this.file, { mode: 0o600 });
    this.columns = headers.length;
    this.write(`\uFEFF${csvLine([...headers, 'Error'])}\r\n`);
  }

  add(cells: ImportCell[], error: string): void {
    if (!this.out) return;
    const row = Array.from({ length: this.columns }, (_, i) => field(cells[i] ?? null));
    const line = `${[...row, csvField(error)].join(',')}\r\n`;
    if (this.left > 0 || this.bytes + Buffer.byteLength(line) > this.maxBytes) this.left++;
    else this.write(line);
  }

  private write(text: string): void {
    this.bytes += Buffer.byteLength(text);
    this.out?.write(text);
  }

  async close(): Promise<void> {
    if (!this.out) return;
    if (this.left > 0) {
      const note = `${grouped(this.left)} more refused ${this.left === 1 ? 'row is' : 'rows are'} left out: this file stops at ${grouped(Math.round(this.maxBytes / 1024 / 1024))} MB`;
      this.out.write(`${[...Array.from({ length: this.columns }, () => ''), csvField(note)].join(',')}\r\n`);
    }
    this.out.end();
    await once(this.out, 'close');
  }
}
