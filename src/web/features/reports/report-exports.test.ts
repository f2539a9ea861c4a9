// @vitest-environment node
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Sheet, toCsv, toXlsx } from '../../lib/export';
import { highScSheet, participationSheet, profitabilitySheet, transactionTypesSheet } from './report-exports';

const now = new Date(2026, 10, 21, 9, 30);

async function readXlsx(sheet: Sheet) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await toXlsx(sheet));
  const ws = workbook.getWorksheet(sheet.sheetName)!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function readCsv(sheet: Sheet) {
  const text = toCsv(sheet);
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n');
}

describe('report exports', () => {
  it('writes the High SC report with numbers as numbers and neutralised text', async () => {
    const sheet = highScSheet(
      [
        { customerId: 1, customerName: '=HYPERLINK("http://x")', casinoId: 2, casinoName: 'Lucky', totalCoins: '150000.01', playedCoins: '2500.50' },
        { customerId: 3, customerName: 'Zoë, "Z"', casinoId: 4, casinoName: '-Star', totalCoins: '100000.00', playedCoins: '0.00' },
      ],
      100,
      now,
    );
    expect(sheet.fileBase).toBe('high_sc_report_2026-11-21');
    expect(await readXlsx(sheet)).toEqual([
      ['Customer', 'Casino', 'Unplayed Coins', 'Played Coins', 'Total Coins', 'USD Value', 'Threshold'],
      ['\'=HYPERLINK("http://x")', 'Lucky', 150000.01, 2500.5, 152500.51, 152.5, 100],
      ['Zoë, "Z"', "'-Star", 100000, 0, 100000, 100, 100],
    ]);
    expect(readCsv(sheet)).toEqual([
      'Customer,Casino,Unplayed Coins,Played Coins,Total Coins,USD Value,Threshold',
      '"\'=HYPERLINK(""http://x"")",Lucky,150000.01,2500.5,152500.51,152.5,100',
      '"Zoë, ""Z""",\'-Star,100000,0,100000,100,100',
    ]);
  });

  it('writes the Profitability report with averages, status and All for open dates', async () => {
    const sheet = profitabilitySheet(
      [
        { customerId: 1, casinoId: 1, customerName: 'Ann', casinoName: 'Moon', totalUSD: '25.50', transactionCount: 2 },
        { customerId: 1, casinoId: 2, customerName: 'Ann', casinoName: 'Star', totalUSD: '0.00', transactionCount: 3 },
        { customerId: 2, casinoId: 1, customerName: 'Bob', casinoName: 'Moon', totalUSD: '-10.00', transactionCount: 3 },
      ],
      { startDate: '2026-03-01' },
      now,
    );
    expect(sheet.sheetName).toBe('Profitability Report');
    expect(sheet.fileBase).toBe('profitability_report_2026-11-21');
    expect(await readXlsx(sheet)).toEqual([
      ['Customer', 'Casino', 'Total USD', 'Transaction Count', 'Average per Transaction', 'Status', 'Start Date', 'End Date'],
      ['Ann', 'Moon', 25.5, 2, 12.75, 'Profitable', '2026-03-01', 'All'],
      ['Ann', 'Star', 0, 3, 0, 'Break Even', '2026-03-01', 'All'],
      ['Bob', 'Moon', -10, 3, -3.33, 'Loss', '2026-03-01', 'All'],
    ]);
    expect(readCsv(sheet)[3]).toBe('Bob,Moon,-10,3,-3.33,Loss,2026-03-01,All');
  });

  it('writes the Participation report with None and the rate', async () => {
    const sheet = participationSheet(
      [
        { customerId: 2, customer: { name: 'Bob', email: null }, customerName: 'Bob', totalCasinos: 3, missingCasinos: [{ name: 'Moon', website: null }, { name: 'Star', website: null }] },
        { customerId: 3, customer: { name: 'Cy', email: null }, customerName: 'Cy', totalCasinos: 3, missingCasinos: [] },
      ],
      now,
    );
    expect(sheet.fileBase).toBe('participation_report_2026-11-21');
    expect(await readXlsx(sheet)).toEqual([
      ['Customer', 'Total Casinos', 'Missing Casinos', 'Missing Casino Names', 'Participation Rate'],
      ['Bob', 3, 2, 'Moon, Star', '33.3%'],
      ['Cy', 3, 0, 'None', '100.0%'],
    ]);
    expect(readCsv(sheet)[1]).toBe('Bob,3,2,"Moon, Star",33.3%');
  });

  it('writes the Transaction Types report per type and casino', async () => {
    const sheet = transactionTypesSheet(
      {
        transactionCount: 3,
        totalUSD: '-30.00',
        uniqueCustomers: 2,
        firstDate: null,
        lastDate: null,
        byType: [
          { transactionTypeId: 1, transactionTypeName: 'Purchase', casinoName: 'Lucky', transactionCount: 2, totalUSD: '-40.00' },
          { transactionTypeId: 2, transactionTypeName: 'Withdraw', casinoName: 'Unknown casino', transactionCount: 1, totalUSD: '10.00' },
        ],
      },
      {},
      now,
    );
    expect(sheet.fileBase).toBe('transaction_types_report_2026-11-21');
    expect(await readXlsx(sheet)).toEqual([
      ['Transaction Type', 'Casino', 'Transaction Count', 'Total USD', 'Average USD per Transaction', 'Start Date', 'End Date'],
      ['Purchase', 'Lucky', 2, -40, -20, 'All', 'All'],
      ['Withdraw', 'Unknown casino', 1, 10, 10, 'All', 'All'],
    ]);
  });
});
