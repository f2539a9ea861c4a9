import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDay } from '../../../shared/dates';
import { entryOf, pairFixture, type Pair } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { setLinkStatus } from '../customer-casinos/customer-casinos.repository';
import { createEntry } from '../transactions/ledger';
import { BATCH, type Cell, type ExportSheet, exportSheet } from './export-sheets';
import { writeExport } from './export-writer';
import { expectFieldErrors } from '../../testing/rest';

let s: TestServer;
let admin: TestUser;
let staff: TestUser;
let pair: Pair;
let other: Pair;
const today = () => localDay(new Date(), 'America/New_York');

beforeEach(async () => {
  s = await createTestServer({ timeZone: 'America/New_York' });
  admin = await s.addUser('admin');
  staff = await s.addUser('staff');
  const db = s.database.db;
  pair = await pairFixture(db, { customerName: '=HYPERLINK("x")', casinoName: 'Lucky' });
  other = await pairFixture(db, { customerName: 'Zoë, "Z"', casinoName: 'Star' });
  await setLinkStatus(db, other.customer.id, pair.casino.id, 'active');
  const add = (p: typeof pair, u: number, usd: number, iso: string) =>
    createEntry(db, entryOf(p, { unplayedCoinsChange: u, usdChange: usd }), admin.id, undefined, new Date(iso));
  await add(pair, 15_000_001, -5_000, '2026-03-01T05:00:00.000Z'); // 00:00 in New York
  await add(other, 25_000_000, -1_234, '2026-03-03T17:30:00.000Z');
  await add(pair, -100, 2_550, '2026-03-08T07:15:00.000Z'); // 03:15, daylight time begins that night
});
afterEach(() => s.stop());

const get = (url: string, headers: Record<string, string> = staff.auth) => s.app.inject({ url, headers });
const csvLines = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
};
async function xlsxRows(payload: Buffer, sheet: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const ws = workbook.getWorksheet(sheet)!;
  const rows: { values: unknown[]; formats: (string | undefined)[] }[] = [];
  ws.eachRow((row) =>
    rows.push({
      values: (row.values as unknown[]).slice(1),
      formats: row.cellCount ? Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).numFmt) : [],
    }),
  );
  const [view] = ws.views;
  const widths = ws.columns.map((c) => c.width);
  return {
    rows,
    widths,
    names: workbook.worksheets.map((w) => w.name),
    frozen: view?.state === 'frozen' ? view.ySplit : 0,
    filter: ws.autoFilter,
  };
}

describe('GET /api/exports/transactions', () => {
  it('streams every matching row as CSV: local minutes, numbers as numbers, formulas neutralised', async () => {
    const res = await get('/api/exports/transactions.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transactions_${today()}.csv"`);
    expect(csvLines(res.body)).toEqual([
      'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change,Purchase Ratio,Total Coins After,Created By',
      '2026-03-08 03:15,"\'=HYPERLINK(""x"")",Lucky,Purchase,-1,0,25.5,,149999.01,Ada Admin',
      '2026-03-03 12:30,"Zoë, ""Z""",Star,Purchase,250000,0,-12.34,20.26,250000,Ada Admin',
      '2026-03-01 00:00,"\'=HYPERLINK(""x"")",Lucky,Purchase,150000.01,0,-50,3,150000.01,Ada Admin',
    ]);
    const filtered = await get(`/api/exports/transactions.csv?customerId=${other.customer.id}&startDate=2026-03-03&endDate=2026-03-03`);
    expect(csvLines(filtered.body)).toHaveLength(2);
    const none = await get('/api/exports/transactions.csv?startDate=2027-01-01');
    expect(csvLines(none.body)).toEqual([expect.stringMatching(/^Date,/)]);
  });

  it('writes real Excel dates and number formats in the Transactions sheet', async () => {
    const res = await get(`/api/exports/transactions.xlsx?casinoId=${pair.casino.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transactions_${today()}.xlsx"`);
    const { rows, widths, names, frozen, filter } = await xlsxRows(res.rawPayload, 'Transactions');
    expect(names).toEqual(['Transactions']);
    expect(widths).toEqual([18, 24, 20, 18, 16, 16, 12, 12, 16, 24]);
    expect(rows).toHaveLength(3);
    // The header row is frozen and filtered over every row of the sheet.
    expect(frozen).toBe(1);
    expect(filter).toBe('A1:J3');
    expect(rows[0].values[0]).toBe('Date');
    expect(rows[1].values).toEqual([
      new Date('2026-03-08T03:15:00.000Z'),
      '\'=HYPERLINK("x")',
      'Lucky',
      'Purchase',
      -1,
      0,
      25.5,
      undefined,
      149999.01,
      'Ada Admin',
    ]);
    expect(rows[2].values[7]).toBe(3);
    expect(rows[1].formats[0]).toBe('yyyy-mm-dd hh:mm');
    expect(rows[1].formats[6]).toBe('#,##0.00');
    expect(rows[1].formats.slice(4, 9)).toEqual(['#,##0.00', '#,##0.00', '#,##0.00', '0.00', '#,##0.00']);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const res = await get('/api/exports/transactions.csv?startDate=2026-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['startDate']);
    expect((await get('/api/exports/transactions.csv?limit=5')).json<{ errors: unknown }>().errors).toEqual([
      { path: 'limit', message: 'Unknown field' },
    ]);
    expect((await get('/api/exports/transactions.pdf')).statusCode).toBe(404);
  });
});

describe('report exports', () => {
  it('writes High SC, Participation, Transaction Types and Profitability with their sheets and columns', async () => {
    const high = await get('/api/exports/high-sc.csv?threshold=100');
    expect(high.headers['content-disposition']).toBe(`attachment; filename="high_sc_report_${today()}.csv"`);
    expect(csvLines(high.body)).toEqual([
      'Customer,Casino,Unplayed Coins,Played Coins,Total Coins,USD Value,Threshold',
      '"\'=HYPERLINK(""x"")",Lucky,149999.01,0,149999.01,150,100',
      '"Zoë, ""Z""",Star,250000,0,250000,250,100',
    ]);
    const part = await get(`/api/exports/participation.xlsx?masterUserId=${other.customer.id}`);
    const partSheet = await xlsxRows(part.rawPayload, 'Participation Report');
    // Participation Rate is a number shown as a percentage; the header row is frozen and filtered.
    expect(partSheet.rows.map((r) => r.values)).toEqual([
      ['Customer', 'Total Casinos', 'Missing Casinos', 'Missing Casino Names', 'Participation Rate'],
      ['\'=HYPERLINK("x")', 2, 1, 'Star', 0.5],
    ]);
    expect(partSheet.rows[1].formats[4]).toBe('0.0%');
    expect([partSheet.frozen, partSheet.filter]).toEqual([1, 'A1:E2']);
    expect(csvLines((await get(`/api/exports/participation.csv?masterUserId=${other.customer.id}`)).body)[1]).toBe(
      '"\'=HYPERLINK(""x"")",2,1,Star,50.0%',
    );
    const types = await get('/api/exports/transaction-types.csv?startDate=2026-03-01');
    expect(csvLines(types.body)).toEqual([
      'Transaction Type,Casino,Transaction Count,Total USD,Average USD per Transaction,Start Date,End Date',
      'Purchase,Lucky,2,-24.5,-12.25,2026-03-01,All',
      'Purchase,Star,1,-12.34,-12.34,2026-03-01,All',
    ]);
    const profit = await get('/api/exports/profitability.xlsx', admin.auth);
    expect(profit.headers['content-disposition']).toBe(`attachment; filename="profitability_report_${today()}.xlsx"`);
    const profitSheet = await xlsxRows(profit.rawPayload, 'Profitability Report');
    expect(profitSheet.widths).toEqual([24, 20, 12, 12, 14, 12, 12, 12]);
    expect(profitSheet.rows[1].formats).toEqual([
      undefined,
      undefined,
      '#,##0.00',
      '#,##0',
      '#,##0.00',
      undefined,
      'yyyy-mm-dd',
      'yyyy-mm-dd',
    ]);
    expect(profitSheet.rows.map((r) => r.values)).toEqual([
      ['Customer', 'Casino', 'Total USD', 'Transaction Count', 'Average per Transaction', 'Status', 'Start Date', 'End Date'],
      ['Zoë, "Z"', 'Star', -12.34, 1, -12.34, 'Loss', 'All', 'All'],
      ['\'=HYPERLINK("x")', 'Lucky', -24.5, 2, -12.25, 'Loss', 'All', 'All'],
    ]);
    // A filter's day is a real date in Excel.
    const ranged = await xlsxRows(
      (await get('/api/exports/profitability.xlsx?startDate=2026-03-01', admin.auth)).rawPayload,
      'Profitability Report',
    );
    expect(ranged.rows[1].values.slice(6)).toEqual([new Date('2026-03-01T00:00:00.000Z'), 'All']);
    expect(ranged.rows[1].formats.slice(2, 7)).toEqual(['#,##0.00', '#,##0', '#,##0.00', undefined, 'yyyy-mm-dd']);
    expect([ranged.frozen, ranged.filter]).toEqual([1, 'A1:H3']);
    const missing = await get('/api/exports/participation.csv?masterUserId=999');
    expectFieldErrors(missing, [{ path: 'masterUserId', message: 'Customer not found' }]);
  });
});

describe('export authorisation', () => {
  it('allows what the screen allows: signed in for all, admins only for Profitability', async () => {
    expect((await get('/api/exports/transactions.csv', {})).statusCode).toBe(401);
    expect((await get('/api/exports/high-sc.xlsx', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const staffProfit = await get('/api/exports/profitability.csv');
    expect(staffProfit.statusCode).toBe(403);
    expect(staffProfit.json()).toEqual({ message: 'Admins only' });
    expect((await get('/api/exports/profitability.csv', admin.auth)).statusCode).toBe(200);
  });

  const tokenFor = async (file: string, filters?: Record<string, string | number>, user: TestUser = staff) =>
    s.app.inject({ method: 'POST', url: '/api/exports/token', headers: user.auth, payload: { file, ...(filters ? { filters } : {}) } });

  it('takes a download token in the link for the export and filters it was issued for, once; never a session token there', async () => {
    const issued = await tokenFor('transactions.csv', { casinoId: other.casino.id });
    expect(issued.statusCode).toBe(200);
    const { token } = issued.json<{ token: string }>();
    // Another export, or the same export with other or fewer filters: refused, and the token stays unused.
    const refused = await get(`/api/exports/transactions.xlsx?token=${token}&casinoId=${other.casino.id}`, {});
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      401,
      'This download link was used already, has expired, or was made for another export; export again',
    ]);
    expect((await get(`/api/exports/high-sc.csv?token=${token}&casinoId=${other.casino.id}`, {})).statusCode).toBe(401);
    expect((await get(`/api/exports/transactions.csv?token=${token}&casinoId=${pair.casino.id}`, {})).statusCode).toBe(401);
    expect((await get(`/api/exports/transactions.csv?token=${token}`, {})).statusCode).toBe(401);
    const byLink = await get(`/api/exports/transactions.csv?token=${token}&casinoId=${other.casino.id}`, {});
    expect(byLink.statusCode).toBe(200);
    expect(csvLines(byLink.body)).toHaveLength(2);
    // Used up by its download.
    const again = await get(`/api/exports/transactions.csv?token=${token}&casinoId=${other.casino.id}`, {});
    expect(again.statusCode).toBe(401);
    // Filters in any order, a number as its text: the same link.
    const ranged = (await tokenFor('transactions.csv', { startDate: '2026-03-01', casinoId: other.casino.id })).json<{ token: string }>();
    const ok = await get(`/api/exports/transactions.csv?casinoId=${other.casino.id}&startDate=2026-03-01&token=${ranged.token}`, {});
    expect(csvLines(ok.body)).toHaveLength(2);
    expect((await get(`/api/exports/transactions.csv?token=${staff.token}`, {})).statusCode).toBe(401);
    expect(
      (await get('/api/auth/user', { authorization: `Bearer ${(await tokenFor('transactions.csv')).json<{ token: string }>().token}` }))
        .statusCode,
    ).toBe(401);
  });

  it('issues a token only to whoever may have that export, for filters its screen accepts', async () => {
    expect((await s.app.inject({ method: 'POST', url: '/api/exports/token', payload: { file: 'transactions.csv' } })).statusCode).toBe(401);
    const staffProfit = await tokenFor('profitability.csv');
    expect([staffProfit.statusCode, staffProfit.json()]).toEqual([403, { message: 'Admins only' }]);
    expect((await tokenFor('profitability.xlsx', {}, admin)).statusCode).toBe(200);
    expectFieldErrors(await tokenFor('transactions.csv', { startDate: '2026-02-30' }), [
      { path: 'startDate', message: expect.any(String) },
    ]);
    expectFieldErrors(await tokenFor('transactions.pdf'), [{ path: 'file', message: 'No such export' }]);
    expectFieldErrors(await tokenFor('transactions.csv', { limit: 5 }), [{ path: 'limit', message: 'Unknown field' }]);
  });
});

describe('the transactions export past one batch', () => {
  it('walks every row newest first, once each, and names a customer added while it runs', async () => {
    const db = s.database.db;
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    for (let i = 0; i < BATCH + 50; i++) {
      await createEntry(db, entryOf(pair, { unplayedCoinsChange: 1, usdChange: i }), admin.id, undefined, new Date(start + i * 60_000));
    }
    const rows = exportSheet(db, { kind: 'transactions', input: {} }, 'UTC', '2026-03-09').rows[Symbol.asyncIterator]();
    const got: Cell[][] = [(await rows.next()).value as Cell[]];
    // Older than every row, so the walk reaches it in a later batch, after the names were read.
    const late = await pairFixture(db, { customerName: 'Late Customer', casinoName: 'Late Casino' });
    await createEntry(db, entryOf(late, { unplayedCoinsChange: 7 }), admin.id, undefined, new Date('2024-01-01T00:00:00.000Z'));
    for (let next = await rows.next(); !next.done; next = await rows.next()) got.push(next.value);
    expect(got).toHaveLength(3 + BATCH + 50 + 1);
    const times = got.map((r) => (r[0] as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The USD of the batch rows: each once, newest (the largest) first.
    expect(
      got.filter((r) => (r[0] as Date).getTime() >= start && (r[0] as Date).getTime() < Date.parse('2026-01-01')).map((r) => r[6]),
    ).toEqual(Array.from({ length: BATCH + 50 }, (_, i) => (BATCH + 49 - i) / 100));
    expect(got.at(-1)).toEqual([
      new Date('2024-01-01T00:00:00.000Z'),
      'Late Customer',
      'Late Casino',
      late.type.name,
      0.07,
      0,
      0,
      null,
      0.07,
      'Ada Admin',
    ]);
  });
});

describe('past Excel’s row limit', () => {
  it('continues on a second sheet, the header repeated; CSV has no limit', async () => {
    async function* rows() {
      for (let i = 1; i <= 5; i++) yield [i, `row ${i}`];
    }
    const sheet = (): ExportSheet => ({
      fileBase: 'x',
      sheetName: 'Transactions',
      columns: [
        { header: 'N', width: 5 },
        { header: 'Text', width: 10 },
      ],
      rows: rows(),
    });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    expect(await writeExport(sheet(), 'xlsx', out, { timeZone: 'UTC', maxRows: 3 })).toBe(5);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const values = workbook.worksheets.map((ws) => {
      const got: unknown[][] = [];
      ws.eachRow((r) => got.push((r.values as unknown[]).slice(1)));
      return [ws.name, got];
    });
    expect(values).toEqual([
      [
        'Transactions',
        [
          ['N', 'Text'],
          [1, 'row 1'],
          [2, 'row 2'],
        ],
      ],
      [
        'Transactions (2)',
        [
          ['N', 'Text'],
          [3, 'row 3'],
          [4, 'row 4'],
        ],
      ],
      [
        'Transactions (3)',
        [
          ['N', 'Text'],
          [5, 'row 5'],
        ],
      ],
    ]);
  });
});

describe('a download that goes away', () => {
  it.each(['csv', 'xlsx'] as const)('stops the %s writer at once, however many rows are left', async (format) => {
    let made = 0;
    async function* endless() {
      for (;;) yield [++made, 'x'.repeat(500)];
    }
    const out = new PassThrough();
    const writing = writeExport(
      {
        fileBase: 'x',
        sheetName: 'S',
        columns: [
          { header: 'N', width: 5 },
          { header: 'Text', width: 10 },
        ],
        rows: endless(),
      },
      format,
      out,
      { timeZone: 'UTC' },
    );
    // Its first bytes are taken, then the reader is gone.
    await new Promise((resolve) => out.once('data', resolve));
    out.destroy();
    await expect(writing).rejects.toThrow('The download was closed before the export finished');
    const at = made;
    await new Promise((r) => setTimeout(r, 50));
    expect(made).toBe(at);
  });
});

describe('GET /api/exports/audit and /reconciliation', () => {
  it('exports the audit trail to admins only, filtered like the Audit page', async () => {
    expect((await get('/api/exports/audit.csv', staff.auth)).statusCode).toBe(403);
    const res = await get(`/api/exports/audit.csv?entity=transaction`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`audit_trail_${today()}.csv`);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('When,User,Action,Record,Record Id,Changes');
    expect(lines).toHaveLength(4);
    // Names, labelled fields and the office's dates, as the Audit page shows them (decision 116).
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 3).join(','))).toEqual([
      'Ada Admin,Created',
      'Ada Admin,Created',
      'Ada Admin,Created',
    ]);
    expect(lines[1]).toBe(
      '2026-03-08 03:15,Ada Admin,Created,"Transaction #3 · =HYPERLINK(""x"") at Lucky",3,' +
        '"Date: Mar 8, 2026, 3:15 AM; Customer: =HYPERLINK(""x""); Casino: Lucky; Type: Purchase; Unplayed change: -1.00; Played change: 0.00; USD change: $25.50"',
    );
    const xlsx = await get(`/api/exports/audit.xlsx?entity=transaction&startDate=2026-03-02&endDate=2026-03-01`, admin.auth);
    expectFieldErrors(xlsx, [{ path: 'endDate', message: 'End date is before start date' }]);
  });

  it('exports every reconciliation row with its status', async () => {
    const res = await get('/api/exports/reconciliation.csv?staleDays=7');
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Customer,Casino,Last Reconciled,By,Unplayed Difference,Played Difference,Status');
    expect(lines.slice(1).map((l) => l.split(',').slice(-5).join(','))).toEqual(['Never,,,,Due', 'Never,,,,Due', 'Never,,,,Due']);
  });
});
