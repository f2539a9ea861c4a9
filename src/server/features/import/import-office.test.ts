import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../../shared/import-fields';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { type AppServer, createServer } from '../../server';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { craftedXlsx } from '../../testing/import-file';
import { tempDir, testConfig } from '../../testing/test-db';
import { TEST_PASSWORD } from '../../testing/test-server';
import { hashPassword } from '../auth/passwords';
import { checkLedger } from '../transactions/invariants';
import { insertUser } from '../users/users.repository';
import { createImporter } from './importer';
import { IMPORT_NICE } from './import-run';

// Decision 080, on a database file with the import on its worker thread, as the server runs it: the
// office's writes answer while an import reads and writes, a refused file locks nothing, a client that
// hangs up takes its upload with it, and uploads left by a crash are gone when the server starts.
let server: AppServer;
let url: string;
let dir: string;
let file: string;
let pair: Pair;
let auth: { authorization: string };
const EMAIL = 'office@example.com';
/** Who signs in meanwhile: another user, so the sign-ins never end the session the writes use (50 a user at most). */
const SIGNER = 'signer@example.com';

beforeAll(async () => {
  dir = tempDir('ledger-import-office-');
  file = path.join(dir, 'app.db');
  const database = openDatabase(file);
  await migrateToLatest(database.db);
  pair = await pairFixture(database.db, { customerName: 'Probe', casinoName: 'Probe casino' });
  const user = await insertUser(database.db, {
    email: EMAIL,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'admin',
  });
  await insertUser(database.db, {
    email: SIGNER,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstName: 'Sue',
    lastName: 'Signer',
    role: 'staff',
  });
  server = await createServer({
    config: testConfig({ databasePath: file, timeZone: 'UTC' }),
    database,
    dataDir: dir,
    logger: false,
    announce: () => {},
  });
  url = await server.start();
  auth = {
    authorization: `Bearer ${await server.services.sessions.start({ id: user.id, tokenVersion: 0 }, { ip: '127.0.0.1', userAgent: 'test' })}`,
  };
}, 60_000);
afterAll(() => server?.stop());

const HEADER = 'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change';
/** `rows` purchases at Zed over 2,000 customers, with createMissing (the customers, casino, type and links are created). */
const purchases = (rows: number, minute = 0) =>
  `${HEADER}\r\n${Array.from(
    { length: rows },
    (_, i) =>
      `2026-10-${String(1 + (i % 28)).padStart(2, '0')} 10:${String(minute).padStart(2, '0')},Ann ${i % 2000},Zed,Purchase,${i}.25,0,-1`,
  ).join('\r\n')}\r\n`;
const importCsv = (body: string | Blob, query = '?createMissing=1', type = 'text/csv') =>
  fetch(`${url}/api/import/transactions${query}`, { method: 'POST', headers: { ...auth, 'content-type': type }, body });
const json = { 'content-type': 'application/json' };
let probes = 0;
/** The three writes of an office at work, each timed: a sign-in, an entry and a new customer. */
async function officeWrites(): Promise<{ what: string; status: number; ms: number }[]> {
  const n = ++probes;
  const timed = async (what: string, send: () => Promise<Response>) => {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    return { what, status: res.status, ms: performance.now() - started };
  };
  return [
    await timed('sign-in', () =>
      fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: SIGNER, password: TEST_PASSWORD }) }),
    ),
    await timed('entry', () =>
      fetch(`${url}/api/transactions`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({
          customerId: pair.customer.id,
          casinoId: pair.casino.id,
          transactionTypeId: pair.type.id,
          unplayedCoinsChange: `${n}.00`,
          playedCoinsChange: '0',
          usdChange: '-1.00',
        }),
      }),
    ),
    await timed('customer', () =>
      fetch(`${url}/api/customers`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({ name: `Walk-in ${n}`, email: null }),
      }),
    ),
  ];
}
/** Whether a thread of this process runs at the import thread's nice value (it lowers it as it starts). */
const importThreadRuns = () =>
  fs.readdirSync('/proc/self/task').some((task) => {
    try {
      return Number(fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16]) === IMPORT_NICE;
    } catch {
      return false; // the thread ended between the listing and the read
    }
  });
const uploads = () => fs.readdirSync(path.join(dir, 'imports')).filter((name) => name.startsWith('upload-'));
const imported = () => {
  const reader = new SQLite(file, { readonly: true });
  try {
    return (
      reader.prepare(`select count(*) n from transactions t join customers c on c.id = t."customerId" where c.name like 'Ann %'`).get() as {
        n: number;
      }
    ).n;
  } finally {
    reader.close();
  }
};

describe('an import on a database file', () => {
  it('refuses a 2 KB xlsx whose row is numbered 9007199254740991 at once, and a write meanwhile answers at once', async () => {
    const far = await craftedXlsx([HEADER.split(','), ['2026-10-01 10:00', 'Ann 0', 'Zed', 'Purchase', '1', '0', '-1']], (xml) =>
      xml.replace('<row r="2"', '<row r="9007199254740991"').replace(/r="([A-G])2"/g, 'r="$19007199254740991"'),
    );
    const started = performance.now();
    const refused = importCsv(new Blob([new Uint8Array(far)]), '', XLSX_TYPE);
    const during = await officeWrites();
    const res = await refused;
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Row 9,007,199,254,740,991: the import reads at most 1,000,000 rows after the header' });
    for (const write of [...during, ...(await officeWrites())]) {
      expect(write.status, write.what).toBeLessThan(300);
      expect(write.ms, write.what).toBeLessThan(1000);
    }
    expect(uploads()).toEqual([]);
  }, 60_000);

  it('answers a sign-in, an entry and a customer write within 1 s each while 100,000 rows are read and written', async () => {
    const body = purchases(100_000);
    const writes: { what: string; status: number; ms: number; imported: number }[] = [];
    let done = false;
    const run = importCsv(body).finally(() => (done = true));
    while (!done) {
      const before = imported();
      for (const write of await officeWrites()) writes.push({ ...write, imported: before });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const res = await run;
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      committed: true,
      rows: 100_000,
      valid: 100_000,
      created: { transactions: 100_000, customers: 2000, links: 2000 },
    });
    expect(imported()).toBe(100_000);
    // The writes were answered while the file was read and while its rows were being written.
    expect(writes.some((w) => w.imported === 0)).toBe(true);
    expect(writes.some((w) => w.imported > 0 && w.imported < 100_000)).toBe(true);
    for (const write of writes) {
      expect(write.status, write.what).toBeLessThan(300);
      expect(write.ms, `${write.what} with ${write.imported} rows written`).toBeLessThan(1000);
    }
    expect(await checkLedger(server.database.db, 5)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  }, 300_000);

  it('cancels the import of a client that hangs up while it is checked, and removes its upload at once', async () => {
    const before = imported();
    const body = Buffer.from(purchases(100_000, 30));
    const request = http.request(`${url}/api/import/transactions?createMissing=1`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', 'content-length': body.length },
    });
    request.on('error', () => {});
    request.end(body);
    // The upload is spooled, then read and checked by the import thread (seconds for 100,000 rows): the
    // client leaves once that thread has started reading.
    for (let i = 0; i < 500 && !importThreadRuns(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(uploads()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.destroy();
    const left = performance.now();
    while (uploads().length > 0 && performance.now() - left < 1000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(uploads()).toEqual([]);
    // The next import runs once the cancelled one has stopped: nothing of the cancelled one was written.
    const next = await importCsv(`${HEADER}\r\n2026-10-01 11:00,Ann 0,Zed,Purchase,1,0,-1\r\n`);
    expect(next.status).toBe(201);
    expect(imported()).toBe(before + 1);
  }, 120_000);
});

it('removes uploads left in the spool folder by a crash when the importer starts, and keeps failed rows', () => {
  const data = tempDir('ledger-import-crash-');
  const imports = path.join(data, 'imports');
  fs.mkdirSync(imports, { recursive: true });
  fs.writeFileSync(path.join(imports, 'upload-left.csv'), 'Date\r\n');
  fs.writeFileSync(path.join(imports, '3b0c7c3e-1111-4222-8333-944445555666-failed.csv'), 'Date,Error\r\n');
  const { db, close } = openDatabase(path.join(data, 'app.db'));
  createImporter(db, path.join(data, 'app.db'), data, 'UTC');
  expect(fs.readdirSync(imports)).toEqual(['3b0c7c3e-1111-4222-8333-944445555666-failed.csv']);
  return close();
});
