import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AppServer } from '../../server';
import { entryOf, pairFixture, type Pair } from '../../testing/fixtures';
import { tempDir, testConfig } from '../../testing/test-db';
import { insertUser } from '../users/users.repository';
import { createEntry } from '../transactions/ledger';
import { EXPORT_LINE_FULL, poolReaders } from '../../reads/readers';
import { slowReaderMessage } from '../../reads/port-stream';

// The export thread over real sockets and real worker threads (decision 085): a database file, so the
// server runs the pool readers, with one export or every-row read allowed to wait behind the running one.
const ROWS = 20_000;
let server: AppServer;
let base: string;
let auth: { authorization: string };
let pair: Pair;
let file: string;

beforeAll(async () => {
  file = path.join(tempDir('ledger-export-line-'), 'app.db');
  server = await createServer({
    config: testConfig({ databasePath: file }),
    logger: false,
    announce: () => {},
    // Patient with slow downloads, so only the cancel path can free the thread in these tests.
    readerLimits: { exportQueue: 1, readerWaitMs: 600_000 },
  });
  base = await server.start();
  const db = server.database.db;
  const user = await insertUser(db, { email: 'a@example.com', passwordHash: 'x', firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  auth = {
    authorization: `Bearer ${await server.services.sessions.start({ id: user.id, tokenVersion: 0 }, { ip: '127.0.0.1', userAgent: 'test' })}`,
  };
  // A long name makes each CSV row about 270 bytes: 20,000 rows are more than 5 MB.
  pair = await pairFixture(db, { customerName: `Customer ${'n'.repeat(190)}` });
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  // Without a disk sync per entry while the rows are laid down (a test's own file, thrown away after).
  server.database.sqlite.pragma('synchronous = OFF');
  for (let i = 0; i < ROWS; i++) {
    await createEntry(db, entryOf(pair, { unplayedCoinsChange: 1, usdChange: -1 }), { userId: user.id, now: new Date(start + i * 60_000) });
  }
  server.database.sqlite.pragma('synchronous = FULL');
}, 120_000);
afterAll(async () => {
  await server.stop();
});

/** A GET whose answer is read to the end: status, text. */
async function fetchText(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${url}`, { headers: auth });
  return { status: res.status, text: await res.text() };
}

/** A GET left open: resolves once its status arrives, with the request to close it by. */
function openRequest(url: string): { request: http.ClientRequest; response: Promise<http.IncomingMessage> } {
  const request = http.get(`${base}${url}`, { headers: auth, agent: false });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  return { request, response };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 400 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(what()).toBe(true);
};

describe('the export thread', () => {
  it('is freed by a download abandoned after its first bytes: the next export completes, every row in it', async () => {
    const readers = server.services.readers;
    const abandoned = openRequest('/api/exports/transactions.csv');
    const res = await abandoned.response;
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    abandoned.request.destroy();
    await until(() => !readers.line().busy);
    const next = await fetchText('/api/exports/transactions.csv');
    expect(next.status).toBe(200);
    expect(Buffer.byteLength(next.text)).toBeGreaterThan(5 * 2 ** 20);
    const lines = next.text.slice(1, -2).split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]).toBe(`2025-01-14 21:19,Customer ${'n'.repeat(190)},${pair.casino.name},Purchase,0.01,0,-0.01,0,200,Ada Admin`);
  }, 60_000);

  it('never runs an export whose request closed while it waited, and answers 429 past the line', async () => {
    const readers = server.services.readers;
    // Another reader holds the thread (an every-row read takes it in the same line).
    const holder = await readers.everyRow();
    const ran = readers.ran().exports;
    const entered = readers.line().entered;
    const queued = openRequest('/api/exports/transactions.xlsx');
    queued.response.catch(() => undefined);
    await until(() => readers.line().waiting === 1);
    const refused = await fetchText('/api/exports/transactions.csv');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toEqual({ message: EXPORT_LINE_FULL });
    queued.request.destroy();
    await until(() => readers.line().waiting === 0);
    holder.release();
    const after = await fetchText(`/api/exports/transactions.csv?startDate=2025-01-01&endDate=2025-01-01`);
    expect(after.text.slice(1, -2).split('\r\n')).toHaveLength(1 + 1440);
    // Only the last export ran: the one that left the line never reached the thread.
    expect(readers.ran().exports).toBe(ran + 1);
    expect(readers.line().entered).toBe(entered + 1);
  }, 60_000);

  it('runs a REST report asked for every row on the export thread, never a screen thread, in the same line', async () => {
    const db = server.database.db;
    await pairFixture(db, { customerName: 'Bea' });
    await pairFixture(db, { customerName: 'Cy' });
    const readers = server.services.readers;
    const before = readers.ran();
    const url = `/api/reports/participation?masterUserId=${pair.customer.id}`;
    const every = await fetchText(url);
    expect(every.status).toBe(200);
    expect(
      JSON.parse(every.text).map((r: { customerName: string; missingCasinos: unknown[] }) => [r.customerName, r.missingCasinos.length]),
    ).toEqual([
      ['Bea', 1],
      ['Cy', 1],
    ]);
    const types = await fetchText('/api/reports/transaction-types?startDate=2025-01-01&endDate=2025-01-01');
    expect(JSON.parse(types.text)).toHaveLength(1000);
    const after = readers.ran();
    // Participation: its master's check and one page; Transaction Types: one read. None on a screen thread.
    expect(after.exports - before.exports).toBeGreaterThanOrEqual(2);
    expect([after.screens - before.screens, after.ranges - before.ranges]).toEqual([0, 0]);
    // A page the screens ask for stays on the screens' threads.
    await fetchText(`${url}&limit=100`);
    expect(readers.ran().exports).toBe(after.exports);
    expect(readers.ran().screens + readers.ran().ranges).toBe(after.screens + after.ranges + 1);
    // Every row asked for over tRPC goes the same way.
    const screensNow = readers.ran().screens + readers.ran().ranges;
    const viaTrpc = await fetch(
      `${base}/trpc/reports.participation?input=${encodeURIComponent(JSON.stringify({ masterUserId: pair.customer.id }))}`,
      {
        headers: auth,
      },
    );
    expect(((await viaTrpc.json()) as { result: { data: unknown[] } }).result.data).toHaveLength(2);
    expect([readers.ran().exports, readers.ran().screens + readers.ran().ranges]).toEqual([after.exports + 1, screensNow]);

    const holder = await readers.everyRow();
    const waiting = openRequest(url);
    await until(() => readers.line().waiting === 1);
    const refused = await fetchText(url);
    expect([refused.status, JSON.parse(refused.text)]).toEqual([429, { message: EXPORT_LINE_FULL }]);
    holder.release();
    const answered = await waiting.response;
    const chunks: Buffer[] = [];
    for await (const chunk of answered) chunks.push(Buffer.from(chunk));
    expect(JSON.parse(Buffer.concat(chunks).toString())).toHaveLength(2);
  }, 60_000);

  it('ends an export whose download takes nothing for too long, and the next one runs', async () => {
    const pool = poolReaders(file, { timeZone: 'UTC' }, 2, { exportQueue: 1, readerWaitMs: 1000 });
    try {
      // Nobody reads this body: the writer waits for its reader until its patience runs out.
      const stalled = await pool.exportFile({ kind: 'transactions', input: {} }, 'csv', '2026-11-26');
      await expect(stalled.rows).rejects.toThrow(slowReaderMessage(1000));
      const next = await pool.exportFile(
        { kind: 'transactions', input: { startDate: '2025-01-01', endDate: '2025-01-01' } },
        'csv',
        '2026-11-26',
      );
      const chunks: Buffer[] = [];
      for await (const chunk of next.body) chunks.push(Buffer.from(chunk));
      expect([await next.rows, Buffer.concat(chunks).toString().split('\r\n').length]).toEqual([1440, 1442]);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
