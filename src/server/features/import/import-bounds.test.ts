import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../../shared/import-fields';
import { craftedXlsx } from '../../testing/import-file';
import { pairFixture } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import type { ImportLimits } from './import-limits';

// Decision 080: a file past a bound, or one that cannot be read, is a small 400 naming the row (and the
// column where known), before anything is written; the import queue answers 429 past its places.
let s: TestServer;
let staff: TestUser;
afterEach(() => s.stop());

async function server(importLimits: Partial<ImportLimits> = {}, importMaxBytes = 2 * 1024 * 1024) {
  s = await createTestServer({ timeZone: 'UTC', importMaxBytes }, importLimits);
  staff = await s.addUser('staff');
  await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
}

const HEADER = 'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change';
const ROW = '2026-11-01 10:00,Alice,Lucky,Purchase,1.00,0,-1.00';
const post = (body: string | Buffer | PassThrough, query = '', contentType = 'text/csv') =>
  s.app.inject({
    method: 'POST',
    url: `/api/import/transactions${query}`,
    headers: { ...staff.auth, 'content-type': contentType },
    payload: body,
  });
const transactions = async () => (await s.database.db.selectFrom('transactions').select('id').execute()).length;
const customerWrite = () =>
  s.app.inject({ method: 'POST', url: '/api/customers', headers: staff.auth, payload: { name: `After ${Math.random()}`, email: null } });

describe('malformed files', () => {
  it('answers 400 naming the row and column of a CSV quote error, and writes nothing', async () => {
    await server();
    const closed = await post(`${HEADER}\r\n${ROW}\r\n2026-11-02 10:00,"Ali"ce,Lucky,Purchase,1,0,0\r\n${ROW}\r\n`);
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({
      message: 'Row 3, column B: text follows the quote that closes a cell (a quote inside a cell is written as two quotes)',
    });
    const open = await post(`${HEADER}\r\n${ROW}\r\n${ROW}\r\n"2026-11-02 10:00,Alice,Lucky,Purchase,1,0,0\r\n`);
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('Row 4, column A: a quoted cell is never closed (a quote inside a cell is written as two quotes)');
    expect(await transactions()).toBe(0);
  });

  it('refuses at once an xlsx whose row is numbered 9007199254740991, and a write right after it answers', async () => {
    await server();
    const far = await craftedXlsx([HEADER.split(','), ROW.split(',')], (xml) =>
      xml.replace('<row r="2"', '<row r="9007199254740991"').replace(/r="([A-G])2"/g, 'r="$19007199254740991"'),
    );
    expect(far.length).toBeLessThan(8 * 1024);
    const started = performance.now();
    const res = await post(far, '', XLSX_TYPE);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Row 9,007,199,254,740,991: the import reads at most 1,000,000 rows after the header' });
    expect((await customerWrite()).statusCode).toBe(201);
    expect(await transactions()).toBe(0);
  });

  it('answers 400 for an xlsx with a column past XFD, naming the column and the last row read', async () => {
    await server();
    const xfe = await craftedXlsx([HEADER.split(','), ROW.split(',')], (xml) => xml.replace('r="B2"', 'r="XFE2"'));
    const res = await post(xfe, '', XLSX_TYPE);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Row 1 or later, column XFE: the column is past XFD, a spreadsheet's last column" });
  });
});

describe('bounds', () => {
  it('refuses a header of 1,000,000 columns with a small answer', async () => {
    await server();
    const res = await post(`Date${','.repeat(999_999)}\r\n${ROW}\r\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Row 1: the row has more than 200 columns; the import reads at most 200' });
    expect(res.body.length).toBeLessThan(200);
  });

  it('refuses an xlsx header past 200 columns', async () => {
    await server();
    const wide = await craftedXlsx(
      [[...HEADER.split(','), ...Array.from({ length: 194 }, (_, i) => `Extra ${i}`)], ROW.split(',')],
      (xml) => xml,
    );
    const res = await post(wide, '', XLSX_TYPE);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Row 1: the header has 201 columns; the import reads at most 200' });
  });

  it('refuses a header past 200 columns, a header past 200 characters, a cell past its length and rows past the bound', async () => {
    await server({ maxRows: 3, maxCellLength: 300 });
    const wide = await post(`${HEADER}${',x'.repeat(194)}\r\n${ROW}\r\n`);
    expect(wide.json()).toEqual({ message: 'Row 1: the row has more than 200 columns; the import reads at most 200' });
    const longHeader = await post(`${HEADER},${'h'.repeat(201)}\r\n${ROW}\r\n`);
    expect(longHeader.json()).toEqual({ message: 'Row 1, column H: a header is longer than 200 characters' });
    const longCell = await post(`${HEADER}\r\n${ROW}\r\n2026-11-01 10:00,${'A'.repeat(301)},Lucky,Purchase,1,0,0\r\n`);
    expect(longCell.json()).toEqual({ message: 'Row 3, column B: a cell is longer than 300 characters' });
    const tall = await post(`${HEADER}\r\n${[ROW, ROW, ROW, ROW].join('\r\n')}\r\n`);
    expect(tall.statusCode).toBe(400);
    expect(tall.json()).toEqual({ message: 'Row 5: the import reads at most 3 rows after the header' });
    expect(await transactions()).toBe(0);
    expect((await post(`${HEADER}\r\n${[ROW, ROW, ROW].join('\r\n')}\r\n`)).statusCode).toBe(201);
    expect(await transactions()).toBe(3);
  });

  it("keeps failed-rows.csv to the header's width and its size bound, saying how many rows it leaves out", async () => {
    await server({ failedRowsMaxBytes: 400 });
    const bad = (i: number) => `2026-11-01 10:00,Alice,Lucky,Purchase,bad${i},0,0${',wide'.repeat(50)}`;
    const res = await post(`${HEADER}\r\n${Array.from({ length: 20 }, (_, i) => bad(i)).join('\r\n')}\r\n`, '?dryRun=1');
    const { importId, invalid } = res.json();
    expect(invalid).toBe(20);
    const failed = await s.app.inject({ method: 'GET', url: `/api/import/${importId}/failed-rows.csv`, headers: staff.auth });
    const lines = failed.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(`\uFEFF${HEADER},Error`);
    expect(lines[1]).toBe('2026-11-01 10:00,Alice,Lucky,Purchase,bad0,0,0,Unplayed Coins Change: Must be a valid number');
    // Each refused row: 7 cells and the Error, never the 50 cells past the header; the file stops near 400 bytes.
    const kept = lines.slice(1, -1);
    expect(kept.every((line) => line.split(',').length === 8)).toBe(true);
    expect(Buffer.byteLength(lines.slice(0, -1).join('\r\n'))).toBeLessThanOrEqual(400);
    expect(lines.at(-1)).toBe(`,,,,,,,${20 - kept.length} more refused rows are left out: this file stops at 0 MB`);
  });
});

describe('the column and the value of an error', () => {
  it("names the file's own header and shows the refused value, in the answer and in failed-rows.csv", async () => {
    await server();
    const res = await post(
      `When,Player,Site,Type,Unplayed,Played,Amount\r\n2026-11-01 10:00,Alice,Lucky,Purchase,1,0,"1,5"\r\n`,
      '?dryRun=1',
    );
    const error = res.json().errors[0];
    expect(error).toMatchObject({ row: 2, field: 'usdChange', column: 'Amount', value: '1,5' });
    const failed = await s.app.inject({ method: 'GET', url: `/api/import/${res.json().importId}/failed-rows.csv`, headers: staff.auth });
    expect(failed.body.split('\r\n')[1]).toBe(`2026-11-01 10:00,Alice,Lucky,Purchase,1,0,"1,5",Amount: ${error.message}`);
  });

  it('shortens a long refused value to 60 characters', async () => {
    await server();
    const res = await post(`${HEADER}\r\n2026-11-01 10:00,Alice,Lucky,Purchase,${'9'.repeat(100)}x,0,0\r\n`, '?dryRun=1');
    expect(res.json().errors[0].value).toBe(`${'9'.repeat(60)}…`);
  });
});

describe('the time limit', () => {
  it('stops reading and checking past it with a 503 that says what to do, and writes nothing', async () => {
    await server({ maxSeconds: 0.001 });
    const rows = Array.from({ length: 2000 }, (_, i) => ROW.replace('10:00', `10:${String(i % 60).padStart(2, '0')}`));
    const res = await post(`${HEADER}\r\n${rows.join('\r\n')}\r\n`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message:
        'The file took longer than 0.001 s to read and check; nothing was imported. Split it into smaller files, or import it with npm run import while the server is stopped.',
    });
    expect(await transactions()).toBe(0);
  });
});

describe('the import queue', () => {
  it('answers 429 past the one running and the waiting places, and lets the next in once they end', async () => {
    await server({ maxWaiting: 0 });
    // An upload still coming in holds its place.
    const body = new PassThrough();
    const first = post(body);
    body.write(`${HEADER}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await post(`${HEADER}\r\n${ROW}\r\n`);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: 'An import is running and 0 more are waiting: try again in a few minutes' });
    body.end(`${ROW}\r\n`);
    expect((await first).statusCode).toBe(201);
    expect((await post(`${HEADER}\r\n${ROW.replace('10:00', '11:00')}\r\n`)).statusCode).toBe(201);
    expect(await transactions()).toBe(2);
  });
});
