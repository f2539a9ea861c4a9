import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toHundredths } from '../../../shared/money';
import { entryOf, pairFixture, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
let pair: Pair;
let zeta: Pair;
beforeEach(async () => {
  ({ s, staff, pair } = await aliceAtLucky({ timeZone: 'America/New_York' }));
  zeta = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Zeta' });
  await post('/api/customer-casinos', { customerId: pair.customer.id, casinoId: zeta.casino.id, status: 'active' });
  // In the order they are typed; several are back-dated before others already there.
  const lucky = (day: string, time: string, changes: Record<string, string>) =>
    post('/api/transactions', { ...entryOf(pair, changes), occurredAt: `${day}T${time}-04:00` });
  const atZeta = (day: string, time: string, changes: Record<string, string>) =>
    post('/api/transactions', {
      ...entryOf(pair, changes),
      casinoId: zeta.casino.id,
      transactionTypeId: zeta.type.id,
      occurredAt: `${day}T${time}-04:00`,
    });
  for (const r of [
    await lucky('2026-10-03', '10:00:00', { unplayedCoinsChange: '20000.00', usdChange: '-20.00' }),
    await lucky('2026-10-01', '23:30:00', { unplayedCoinsChange: '1000.55', playedCoinsChange: '3.10', usdChange: '-1.00' }),
    await lucky('2026-10-05', '00:10:00', { unplayedCoinsChange: '7777.00', usdChange: '-7.77' }),
    await lucky('2026-10-02', '00:05:00', { unplayedCoinsChange: '-500.25', playedCoinsChange: '500.25', usdChange: '0' }),
    await lucky('2026-10-04', '23:59:00', { unplayedCoinsChange: '-3000.00', usdChange: '3.00' }),
    await atZeta('2026-10-03', '12:00:00', { unplayedCoinsChange: '4321.09', usdChange: '-4.32' }),
    await atZeta('2026-09-15', '12:00:00', { unplayedCoinsChange: '100.00', usdChange: '-0.10' }),
  ])
    expect(r.statusCode).toBe(201);
});
afterEach(() => s.stop());

const post = (url: string, payload: object, auth: Record<string, string> = staff.auth) =>
  s.app.inject({ method: 'POST', url, headers: auth, payload });
const get = (url: string, auth: Record<string, string> = staff.auth) => s.app.inject({ url, headers: auth });
const statement = (q: string, auth: Record<string, string> = staff.auth) => get(`/api/customers/${pair.customer.id}/statement?${q}`, auth);
const range = 'startDate=2026-10-02&endDate=2026-10-04';

/** Balances at the end of `day` as the app reads them anywhere else (GET /api/customer-casinos?asOf=). */
async function asOf(day: string) {
  const rows = (await get(`/api/customer-casinos?customerId=${pair.customer.id}&asOf=${day}`)).json<
    { casinoId: number; currentUnplayedCoins: string; currentPlayedCoins: string }[]
  >();
  return new Map(rows.map((r) => [r.casinoId, { u: toHundredths(r.currentUnplayedCoins), p: toHundredths(r.currentPlayedCoins) }]));
}

type Row = Record<string, string>;
const csvRows = (body: string): Row[] => parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Row[];
const h = (v: string | undefined) => toHundredths(v ?? '0');

/** A PDF's pages as text, pdf.js's pieces joined by '|' (blank pieces left out). */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const fonts = new URL('../../../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url).pathname;
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i += 1) {
    const items = (await (await pdf.getPage(i)).getTextContent()).items;
    pages.push(items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])).join('|'));
  }
  return pages;
}

describe('statements', () => {
  it('open at the balances as of the day before, close at those of the last day, and add up, with back-dated entries', async () => {
    const res = await statement(`${range}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement_alice_2026-10-02_2026-10-04.csv"');
    const rows = csvRows(res.body);
    const [before, last] = [await asOf('2026-10-01'), await asOf('2026-10-04')];
    for (const [casinoId, name] of [
      [pair.casino.id, 'Lucky'],
      [zeta.casino.id, 'Zeta'],
    ] as const) {
      const mine = rows.filter((r) => r.Casino === name);
      const opening = mine.find((r) => r.Line === 'Opening balance')!;
      const closing = mine.find((r) => r.Line === 'Closing balance')!;
      expect([h(opening.Unplayed), h(opening.Played)]).toEqual([before.get(casinoId)!.u, before.get(casinoId)!.p]);
      expect([h(closing.Unplayed), h(closing.Played)]).toEqual([last.get(casinoId)!.u, last.get(casinoId)!.p]);
      const entries = mine.filter((r) => r.Line.startsWith('Entry #'));
      const sum = (k: string) => entries.reduce((a, r) => a + h(r[k]), 0);
      expect(h(closing.Unplayed) - h(opening.Unplayed)).toBe(sum('Unplayed Change'));
      expect(h(closing.Played) - h(opening.Played)).toBe(sum('Played Change'));
    }
    // Lucky's entries in the ledger's order; the 2026-10-01 23:30 and 2026-10-05 entries stay outside.
    const lucky = rows.filter((r) => r.Casino === 'Lucky');
    expect(lucky.map((r) => [r.Line.replace(/#\d+/, '#'), r.Date, r['Unplayed Change'], r['USD Change'], r.Total])).toEqual([
      ['Opening balance', '2026-10-02', '', '', '1003.65'],
      ['Entry #', '2026-10-02 00:05', '-500.25', '0', '1003.65'],
      ['Entry #', '2026-10-03 10:00', '20000', '-20', '21003.65'],
      ['Entry #', '2026-10-04 23:59', '-3000', '3', '18003.65'],
      ['Closing balance', '2026-10-04', '', '', '18003.65'],
      ['Purchases', '', '', '-20', ''],
      ['Redemptions', '', '', '0', ''],
      ['Other USD', '', '', '3', ''],
      ['Net USD', '', '', '-17', ''],
      ['Coins in', '', '', '', '20000'],
      ['Coins out', '', '', '', '-3000'],
    ]);
    const all = rows.filter((r) => r.Casino === 'All casinos');
    expect(all.map((r) => [r.Line, r['USD Change'] || r.Total])).toEqual([
      ['Purchases', '-24.32'],
      ['Redemptions', '0'],
      ['Other USD', '3'],
      ['Net USD', '-21.32'],
      ['Coins in', '24321.09'],
      ['Coins out', '-3000'],
    ]);
  });

  it('for one casino holds that casino only', async () => {
    const rows = csvRows((await statement(`${range}&casinoId=${zeta.casino.id}&format=csv`)).body);
    expect(new Set(rows.map((r) => r.Casino))).toEqual(new Set(['Zeta', 'All casinos']));
    expect(rows.filter((r) => r.Line === 'Opening balance').map((r) => r.Unplayed)).toEqual(['100']);
    expect(rows.filter((r) => r.Line === 'Closing balance').map((r) => r.Unplayed)).toEqual(['4421.09']);
    const other = await pairFixture(s.database.db, { casinoName: 'Elsewhere' });
    const notLinked = await statement(`${range}&casinoId=${other.casino.id}&format=csv`);
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json()).toMatchObject({ errors: [{ path: 'casinoId', message: 'This customer has no account at this casino' }] });
  });

  it("the PDF's text holds the title, the time zone, page numbers, each entry's amounts and the totals", async () => {
    const res = await statement(`${range}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = `|${(await pdfPages(res.rawPayload)).join('|')}|`;
    expect(text).toContain('Statement for Alice, Oct 2, 2026 to Oct 4, 2026');
    expect(text).toContain('Times in America/New_York');
    expect(text).toContain('Page 1');
    for (const amount of [
      '-500.25',
      '+500.25',
      '+20,000.00',
      '-20.00',
      '-3,000.00',
      '+3.00',
      '+4,321.09',
      '-4.32',
      '21,003.65',
      '18,003.65',
    ])
      expect(text).toContain(`|${amount}|`);
    expect(text).toContain('Totals for Alice');
    expect(text).toMatch(/Net USD\|-21\.32/);
    expect(text).toMatch(/Purchases\|-24\.32/);
    expect(text).not.toContain('7,777.00');
  });

  it('repeats the title and the table header on every page of a long statement', async () => {
    const entries = Array.from({ length: 120 }, (_, i) =>
      post('/api/transactions', {
        ...entryOf(pair, { unplayedCoinsChange: `${i + 1}.00`, usdChange: '-0.01' }),
        occurredAt: '2026-10-03T12:00:00-04:00',
      }),
    );
    for (const e of await Promise.all(entries)) expect(e.statusCode).toBe(201);
    const pages = await pdfPages((await statement(`${range}&format=pdf`)).rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((text, i) => {
      expect(text).toContain('Statement for Alice, Oct 2, 2026 to Oct 4, 2026|Times in America/New_York|Page ' + (i + 1));
      expect(text).toContain('Date|Type|Unplayed change|Played change|USD change|Unplayed|Played|Total|USD value');
    });
    expect(pages[1]).toContain('Lucky (continued)');
  });

  it('sends nothing when closing minus opening is not the sum of the entries', async () => {
    // A stored after-value off by one cent: the closing balance no longer follows from the entries.
    const last = await s.database.db
      .selectFrom('transactions')
      .select(['id', 'unplayedCoinsAfter'])
      .where('casinoId', '=', pair.casino.id)
      .where('date', '<', '2026-10-05T04:00:00.000Z')
      .orderBy('date', 'desc')
      .executeTakeFirstOrThrow();
    await s.database.db
      .updateTable('transactions')
      .set({ unplayedCoinsAfter: last.unplayedCoinsAfter + 1 })
      .where('id', '=', last.id)
      .execute();
    for (const format of ['csv', 'pdf', 'xlsx']) {
      const res = await statement(`${range}&format=${format}`);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await statement(`${range}&casinoId=${zeta.casino.id}&format=csv`)).statusCode).toBe(200);
  });

  it("the Excel file's dates are dates and its amounts numbers", async () => {
    const res = await statement(`${range}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Statement')!;
    const entry = sheet.getRows(1, sheet.rowCount)!.find((r) => String(r.getCell(2).value).startsWith('Entry #'))!;
    expect(entry.getCell(3).value).toBeInstanceOf(Date);
    expect((entry.getCell(3).value as Date).toISOString()).toBe('2026-10-02T00:05:00.000Z');
    expect(entry.getCell(5).value).toBe(-500.25);
    expect(entry.getCell(10).value).toBe(1003.65);
    expect(sheet.getRow(1).values).toContain('USD Value');
  });

  it('refuses bad input with the field, a stranger with 404, and nobody signed out; staff may, with a one-use link', async () => {
    expect((await statement(`${range}&format=doc`)).json()).toMatchObject({ errors: [{ path: 'format' }] });
    expect((await statement('startDate=2026-10-05&endDate=2026-10-01&format=csv')).json()).toMatchObject({ errors: [{ path: 'endDate' }] });
    expect((await get(`/api/customers/9999/statement?${range}&format=csv`)).statusCode).toBe(404);
    expect((await statement(`${range}&format=csv`, {})).statusCode).toBe(401);
    const body = { startDate: '2026-10-02', endDate: '2026-10-04', format: 'pdf' };
    const token = (await post(`/api/customers/${pair.customer.id}/statement/token`, body)).json<{ token: string }>().token;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const link = `${range}&format=pdf&token=${token}`;
    expect((await statement(link, {})).statusCode).toBe(200);
    expect((await statement(link, {})).statusCode).toBe(401);
    expect((await post(`/api/customers/${pair.customer.id}/statement/token`, body, {})).statusCode).toBe(401);
  });
});
