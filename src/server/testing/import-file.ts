import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { tempDir } from './test-db';

/**
 * A migrated database file in a new folder, and beside it `in.csv`: `rows` purchases in October 2026 by
 * `customers` customers ("Ann 0", "Ann 1", ...) at the casino Zed, for the import worker's tests.
 */
export async function databaseWithPurchasesCsv(rows: number, customers: number) {
  const dir = tempDir();
  const file = path.join(dir, 'app.db');
  const opened = openDatabase(file);
  await migrateToLatest(opened.db);
  const csv = path.join(dir, 'in.csv');
  const lines = Array.from(
    { length: rows },
    (_, i) => `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 10:00,Ann ${i % customers},Zed,Purchase,${i}.25,0,-1`,
  );
  fs.writeFileSync(
    csv,
    `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n${lines.join('\r\n')}\r\n`,
  );
  return { ...opened, dir, file, csv };
}

/**
 * An xlsx workbook of `rows` (first sheet) whose sheet XML `patch` rewrites: the files a spreadsheet
 * program never writes (a row numbered 9007199254740991, a column past XFD) that an upload may still be.
 */
export async function craftedXlsx(rows: (string | number)[][], patch: (sheetXml: string) => string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const { default: JSZip } = await import('jszip');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow(row);
  const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
  const name = 'xl/worksheets/sheet1.xml';
  zip.file(name, patch(await zip.file(name)!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
