import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { XLSX_TYPE } from '../../../shared/import-fields';
import { linkBalances } from '../../testing/fixtures';
import { checkLedger } from '../transactions/invariants';

let s: TestServer;
let staff: TestUser;
let lucky: Pair;
let other: Pair;
beforeEach(async () => {
  s = await createTestServer({ timeZone: 'UTC', importMaxBytes: 16 * 1024 });
  staff = await s.addUser('staff');
  lucky = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Other' });
  await s.database.db.insertInto('transactionTypes').values({ name: 'Bonus', casinoId: other.casino.id }).execute();
});
afterEach(() => s.stop());

const HEADER = 'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change,Created By';
const post = (body: string | Buffer, query = '', contentType = 'text/csv', kind = 'transactions') =>
  s.app.inject({
    method: 'POST',
    url: `/api/import/${kind}${query}`,
    headers: { ...staff.auth, 'content-type': contentType },
    payload: body,
  });
const count = async () =>
  Number(
    (
      await s.database.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const GOOD = ['2026-11-01 10:00,Alice,Lucky,Purchase,22000,0,-20.00,Sam', '2026-11-02 09:30,Alice,Lucky,Purchase,-100.5,100.5,0,Sam'];
const BAD = [
  '2026-11-03 10:00,Alice,Lucky,Purchase,twelve,0,0,',
  '2026-11-03 11:00,Alice,Lucky,Purchase,-1.005,0,0,',
  '2026-11-03 12:00,Alice,Nowhere,Purchase,1,0,0,',
  '2026-11-03 13:00,Alice,Lucky,Bonus,1,0,0,',
  ',Alice,Lucky,Purchase,1,0,0,',
];
const file = (rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

describe('POST /api/import/transactions', () => {
  it('refuses a file with bad rows whole, one error per bad row naming row and field', async () => {
    const res = await post(file([GOOD[0], ...BAD, GOOD[1]]));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Nothing was imported: 5 rows have errors');
    expect(body).toMatchObject({ committed: false, rows: 7, valid: 2, invalid: 5 });
    expect(body.errors).toEqual([
      { row: 3, field: 'unplayedCoinsChange', column: 'Unplayed Coins Change', value: 'twelve', message: 'Must be a valid number' },
      {
        row: 4,
        field: 'unplayedCoinsChange',
        column: 'Unplayed Coins Change',
        value: '-1.005',
        message: 'Must have at most 2 decimal places',
      },
      { row: 5, field: 'casino', column: 'Casino', value: 'Nowhere', message: 'Casino not found' },
      {
        row: 6,
        field: 'transactionType',
        column: 'Transaction Type',
        value: 'Bonus',
        message: 'Transaction type does not belong to this casino',
      },
      { row: 7, field: 'date', column: 'Date', value: '', message: 'Date is required' },
    ]);
    expect(await count()).toBe(0);
    expect(await linkBalances(s.database.db, lucky.customer.id, lucky.casino.id)).toMatchObject({
      currentUnplayedCoins: 0,
      transactionCount: 0,
    });
  });

  it('with skipInvalid lands the good rows, and failed-rows.csv holds exactly the bad ones', async () => {
    const res = await post(file([GOOD[0], ...BAD, GOOD[1]]), '?skipInvalid=1');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      committed: true,
      rows: 7,
      valid: 2,
      invalid: 5,
      created: { transactions: 2, customers: 0, casinos: 0, transactionTypes: 0, links: 0 },
    });
    expect(await linkBalances(s.database.db, lucky.customer.id, lucky.casino.id)).toEqual({
      currentUnplayedCoins: 2189950,
      currentPlayedCoins: 10050,
      usdTotal: -2000,
      transactionCount: 2,
    });
    const rows = await s.database.db
      .selectFrom('transactions')
      .select(['date', 'totalCoinsAfter', 'createdByUserId'])
      .orderBy('date')
      .execute();
    expect(rows).toEqual([
      { date: '2026-11-01T10:00:00.000Z', totalCoinsAfter: 2200000, createdByUserId: staff.id },
      { date: '2026-11-02T09:30:00.000Z', totalCoinsAfter: 2200000, createdByUserId: staff.id },
    ]);
    const failed = await s.app.inject({ url: `/api/import/${body.importId}/failed-rows.csv`, headers: staff.auth });
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(failed.body).toBe(
      `\uFEFF${HEADER},Error\r\n` +
        [
          '2026-11-03 10:00,Alice,Lucky,Purchase,twelve,0,0,,Unplayed Coins Change: Must be a valid number',
          '2026-11-03 11:00,Alice,Lucky,Purchase,-1.005,0,0,,Unplayed Coins Change: Must have at most 2 decimal places',
          '2026-11-03 12:00,Alice,Nowhere,Purchase,1,0,0,,Casino: Casino not found',
          '2026-11-03 13:00,Alice,Lucky,Bonus,1,0,0,,Transaction Type: Transaction type does not belong to this casino',
          ',Alice,Lucky,Purchase,1,0,0,,Date: Date is required',
        ].join('\r\n') +
        '\r\n',
    );
    expect((await s.app.inject({ url: `/api/import/${body.importId}/failed-rows.csv` })).statusCode).toBe(401);
    expect(await checkLedger(s.database.db)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  });

  it('a dry run reports what would be created and writes nothing; createMissing creates names and an active link', async () => {
    const rows = [
      '2026-10-01T08:00:00Z,Carol,NewCasino,Promo,10,0,0,',
      '2026-10-02 08:00,Carol,Lucky,Purchase,5,0,-1,',
      '2026-10-03 08:00,Alice,NewCasino,Promo,1,0,0,',
    ];
    const dry = await post(file(rows), '?dryRun=1&createMissing=1');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      committed: false,
      rows: 3,
      valid: 3,
      created: { transactions: 3, customers: 1, casinos: 1, transactionTypes: 1, links: 3 },
    });
    expect(await count()).toBe(0);
    expect(await s.database.db.selectFrom('customers').select('name').where('name', '=', 'Carol').execute()).toEqual([]);
    const without = await post(file(rows), '?dryRun=1');
    expect(without.json().errors).toEqual([
      { row: 2, field: 'casino', column: 'Casino', value: 'NewCasino', message: 'Casino not found' },
      { row: 3, field: 'customer', column: 'Customer', value: 'Carol', message: 'Customer not found' },
      { row: 4, field: 'casino', column: 'Casino', value: 'NewCasino', message: 'Casino not found' },
    ]);
    const done = await post(file(rows), '?createMissing=1');
    expect(done.statusCode).toBe(201);
    const links = await s.database.db
      .selectFrom('customerCasinos')
      .select(['status', 'transactionCount'])
      .where('transactionCount', '>', 0)
      .execute();
    expect(links).toEqual([
      { status: 'active', transactionCount: 1 },
      { status: 'active', transactionCount: 1 },
      { status: 'active', transactionCount: 1 },
    ]);
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select(['action', 'entity'])
      .where('userId', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(
      audit
        .filter((a) => a.action === 'create')
        .map((a) => a.entity)
        .sort(),
    ).toEqual(['casino', 'customer', 'link', 'link', 'link', 'transactionType']);
  });

  it('refuses a pair whose link is not active, with or without createMissing, and a missing link without it', async () => {
    // Alice at Other: no link; Bob at Lucky: a link, not active.
    await s.database.db
      .insertInto('customerCasinos')
      .values({ customerId: other.customer.id, casinoId: lucky.casino.id, status: 'banned' })
      .execute();
    const rows = ['2026-10-01 08:00,Alice,Other,Purchase,1,0,0,', '2026-10-02 08:00,Bob,Lucky,Purchase,2,0,0,'];
    const refusal = 'Customer has no active registration at this casino';
    expect((await post(file(rows), '?dryRun=1')).json().errors).toEqual([
      { row: 2, field: 'casino', column: 'Casino', value: 'Other', message: refusal },
      { row: 3, field: 'casino', column: 'Casino', value: 'Lucky', message: refusal },
    ]);
    const created = await post(file(rows), '?dryRun=1&createMissing=1');
    expect(created.json()).toMatchObject({ valid: 1, created: { links: 1 } });
    expect(created.json().errors).toEqual([{ row: 3, field: 'casino', column: 'Casino', value: 'Lucky', message: refusal }]);
  });

  it('places rows dated before the ledger in its order, recomputing the later rows once, and skips a repeated row only as often as the ledger has it', async () => {
    await s.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: staff.auth,
      payload: {
        customerId: lucky.customer.id,
        casinoId: lucky.casino.id,
        transactionTypeId: lucky.type.id,
        unplayedCoinsChange: '1',
        playedCoinsChange: '0',
        usdChange: '0',
        occurredAt: '2026-11-10T00:00:00Z',
      },
    });
    const twice = '2026-11-05 00:00,Alice,Lucky,Purchase,7,0,0,';
    expect((await post(file([twice, twice]))).json()).toMatchObject({ valid: 2, skippedDuplicates: 0 });
    expect((await post(file([twice, twice, twice]))).json()).toMatchObject({ valid: 1, skippedDuplicates: 2 });
    const rows = await s.database.db
      .selectFrom('transactions')
      .select(['unplayedCoinsChange', 'totalCoinsAfter'])
      .orderBy('date')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.totalCoinsAfter)).toEqual([700, 1400, 2100, 2200]);
    expect(await checkLedger(s.database.db)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  });

  it('reads an xlsx with its own headers through a mapping', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Mine');
    sheet.addRow(['When', 'Player', 'Site', 'Kind', 'SC', 'Played', 'Dollars']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 1, 14, 30)), 'Alice', 'Lucky', 'Purchase', 1234.56, 0, -12]);
    sheet.getCell('A2').numFmt = 'yyyy-mm-dd hh:mm';
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const unmapped = await post(xlsx, '?dryRun=1', XLSX_TYPE);
    expect(unmapped.json().errors).toEqual([
      { row: 1, field: 'transactionType', column: null, value: null, message: 'No column for Transaction Type' },
      { row: 1, field: 'unplayedCoinsChange', column: null, value: null, message: 'No column for Unplayed Coins Change' },
      { row: 1, field: 'usdChange', column: null, value: null, message: 'No column for USD Change' },
    ]);
    expect(unmapped.json().headers).toEqual(['When', 'Player', 'Site', 'Kind', 'SC', 'Played', 'Dollars']);
    const mapping = encodeURIComponent(JSON.stringify({ transactionType: 'Kind', unplayedCoinsChange: 'SC', usdChange: 'Dollars' }));
    const res = await post(xlsx, `?mapping=${mapping}`, XLSX_TYPE);
    expect(res.statusCode).toBe(201);
    const row = await s.database.db
      .selectFrom('transactions')
      .select(['date', 'unplayedCoinsChange', 'usdChange'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ date: '2026-11-01T14:30:00.000Z', unplayedCoinsChange: 123456, usdChange: -1200 });
  });

  it('answers 413 past the size limit, 415 for another type, 400 for a bad option, 401 without sign-in', async () => {
    const big = await post(file(Array.from({ length: 400 }, () => GOOD[0])));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file is larger than the import limit of 0 MB (IMPORT_MAX_BYTES)' });
    // Without a Content-Length the spooled stream itself stops at the limit.
    const streamed = await s.app.inject({
      method: 'POST',
      url: '/api/import/transactions',
      headers: { ...staff.auth, 'content-type': 'text/csv' },
      payload: Readable.from([Buffer.from(file(Array.from({ length: 400 }, () => GOOD[0])))]),
    });
    expect(streamed.statusCode).toBe(413);
    expect((await post('x', '', 'text/plain')).statusCode).toBe(415);
    const bad = await post(file([GOOD[0]]), '?dryRun=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'dryRun', message: 'dryRun must be 0 or 1' }]);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/import/transactions',
          headers: { 'content-type': 'text/csv' },
          payload: file([GOOD[0]]),
        })
      ).statusCode,
    ).toBe(401);
    expect(await count()).toBe(0);
  });
});

describe('POST /api/import/customers', () => {
  it('creates customers by the Add Customer rules, skipping names already known', async () => {
    const res = await post(
      'Name,Email\r\nCarol,carol@example.com\r\nalice ,\r\nDan,not-an-email\r\n,x@example.com\r\n',
      '?skipInvalid=1',
      'text/csv',
      'customers',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rows: 4, valid: 1, invalid: 2, skippedDuplicates: 1, created: { customers: 1 } });
    expect(res.json().errors).toEqual([
      { row: 4, field: 'email', column: 'Email', value: 'not-an-email', message: 'Invalid email' },
      { row: 5, field: 'name', column: 'Name', value: '', message: 'Name is required' },
    ]);
    expect(await s.database.db.selectFrom('customers').select(['name', 'email']).where('name', '=', 'Carol').execute()).toEqual([
      { name: 'Carol', email: 'carol@example.com' },
    ]);
  });
});
