/**
 * Excel and CSV exports. exceljs is loaded with import() on the first Excel export only. Cells are
 * neutralised and CSV fields quoted by the one rule in src/shared/spreadsheet-cells.ts.
 */
import { type Cell, neutralise, toCsv as csvText } from '../../shared/spreadsheet-cells';

export type { Cell };
export interface Sheet {
  fileBase: string;
  sheetName: string;
  columns: string[];
  rows: Cell[][];
}

export const toCsv = (sheet: Pick<Sheet, 'columns' | 'rows'>): string => csvText(sheet.columns, sheet.rows);

export async function toXlsx(sheet: Sheet): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const ws = workbook.addWorksheet(sheet.sheetName);
  ws.addRow(sheet.columns).font = { bold: true };
  for (const row of sheet.rows) ws.addRow(row.map((c) => neutralise(c) ?? ''));
  ws.columns.forEach((column, i) => {
    const longest = Math.max(sheet.columns[i].length, ...sheet.rows.slice(0, 500).map((r) => String(r[i] ?? '').length));
    column.width = Math.min(Math.max(longest + 2, 10), 50);
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

function download(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportFormat = 'xlsx' | 'csv';

export async function downloadSheet(sheet: Sheet, format: ExportFormat): Promise<void> {
  if (format === 'csv') {
    download(toCsv(sheet), `${sheet.fileBase}.csv`, 'text/csv;charset=utf-8');
  } else {
    download(await toXlsx(sheet), `${sheet.fileBase}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  }
}
