import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExcelJs } from './exceljs-loader';

const require = createRequire(import.meta.url);

/** exceljs's XML reader as its modules take it (lib/utils/parse-sax.js). */
const xmlReader = () =>
  require(path.join(path.dirname(require.resolve('exceljs/package.json')), 'lib/utils/parse-sax.js')) as (
    chunks: AsyncIterable<Buffer>,
  ) => AsyncIterable<{ eventType: string; value: unknown }[]>;

async function* chunks(...parts: Buffer[]) {
  yield* parts;
}

describe('exceljs as the server loads it (decision 258)', () => {
  it('reads a name whose "í" falls across two chunks of the sheet as "García", not two replacement characters', async () => {
    await loadExcelJs();
    const bytes = Buffer.from('<c><is><t>García</t></is></c>', 'utf8');
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "í"
    const texts: unknown[] = [];
    for await (const events of xmlReader()(chunks(bytes.subarray(0, split), bytes.subarray(split))))
      for (const e of events) if (e.eventType === 'text') texts.push(e.value);
    expect(texts.join('')).toBe('García');
  });

  it('reads back a workbook it wrote with accented names', async () => {
    const Excel = await loadExcelJs();
    const names = ['José García', 'Ana López', 'Zoë Müller'];
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    for (const name of names) sheet.addRow([name]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { Readable } = await import('node:stream');
    const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([file]), { sharedStrings: 'cache', worksheets: 'emit' });
    const read: unknown[] = [];
    for await (const ws of reader) for await (const row of ws) read.push((row.values as unknown[])[1]);
    expect(read).toEqual(names);
  });
});
