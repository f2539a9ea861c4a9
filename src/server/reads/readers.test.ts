import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DomainError } from '../errors/domain-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase, openReadOnly } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createEntry } from '../features/transactions/ledger';
import { insertUser } from '../features/users/users.repository';
import { pairFixture } from '../testing/fixtures';
import { tempDir } from '../testing/test-db';
import { namedPool, readNamed } from './declared-reads';
import { inlineReaders, leastBusy, poolReaders, type Readers, SCREENS_NICE } from './readers';

// The pool runs in worker threads over a database file (docs/decisions/020): the same answers as the
// inline reader the in-memory tests use, errors included.
let database: OpenedDatabase;
let pool: Readers;
let inline: Readers;
let ids: { customerId: number; casinoId: number; transactionTypeId: number };
let userId: number;

beforeAll(async () => {
  database = openDatabase(path.join(tempDir('ledger-readers-'), 'app.db'));
  await migrateToLatest(database.db);
  const { customer, casino, type } = await pairFixture(database.db, { customerName: 'Zoë' });
  ids = { customerId: customer.id, casinoId: casino.id, transactionTypeId: type.id };
  userId = (await insertUser(database.db, { email: 'r@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' }))
    .id;
  for (let i = 1; i <= 5; i++) {
    await createEntry(database.db, { ...ids, unplayedCoinsChange: i * 1000, playedCoinsChange: 0, usdChange: -i * 100 }, { userId });
  }
  pool = poolReaders(database.sqlite.name, { timeZone: 'UTC' }, 2);
  inline = inlineReaders(database.db, { timeZone: 'UTC' });
});
afterAll(async () => {
  await pool.close();
  await database.close();
});

describe('the read worker pool', () => {
  it('answers like the inline reader, from its own connection', async () => {
    const page = await pool.run('transactions.list', { customerId: ids.customerId, limit: 2, offset: 3 });
    expect(page).toEqual(await inline.run('transactions.list', { customerId: ids.customerId, limit: 2, offset: 3 }));
    expect(page.totalCount).toBe(5);
    expect(page.transactions.map((t) => t.unplayedCoinsChange)).toEqual(['20.00', '10.00']);
    expect(page.transactions[1].totalCoinsAfter).toBe('10.00');
    expect((await pool.run('customers.list', undefined)).map((c) => c.name)).toEqual(['Zoë']);
  });

  it.runIf(fs.existsSync('/proc/thread-self'))(
    "runs the screens' threads, the range thread among them, at the main thread's priority",
    async () => {
      await pool.run('customers.list', undefined);
      await pool.run('reports.profitabilitySummary', { startDate: '2000-01-01' });
      const nice = (task: string) => Number(fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
      expect(SCREENS_NICE).toBe(0);
      expect(
        fs
          .readdirSync('/proc/self/task')
          .map(nice)
          .filter((n) => n !== os.getPriority()),
      ).toEqual([]);
    },
  );

  it('sends a screen read to the screen thread with fewer reads in hand per thread, the range thread included', () => {
    const screens = { name: 'screens', threads: 1, inHand: 0 };
    const ranges = { name: 'ranges', threads: 1, inHand: 0 };
    expect(leastBusy([screens, ranges]).name).toBe('screens');
    screens.inHand = 1;
    expect(leastBusy([screens, ranges]).name).toBe('ranges');
    ranges.inHand = 1;
    expect(leastBusy([screens, ranges]).name).toBe('screens');
    expect(leastBusy([{ ...screens, threads: 3, inHand: 2 }, ranges]).name).toBe('screens');
  });

  it('sees a write committed on the main connection at once', async () => {
    await createEntry(database.db, { ...ids, unplayedCoinsChange: 1, playedCoinsChange: 2, usdChange: 3 }, { userId });
    const recent = await pool.run('transactions.recent', { limit: 1 });
    expect(recent[0].usdChange).toBe('0.03');
    expect(recent[0].totalCoinsAfter).toBe('150.03');
  });

  it('serialises a JSON answer in the worker', async () => {
    const text = await pool.readJson(readNamed('reports.highScSummary'), { threshold: 0 });
    expect(JSON.parse(text)).toEqual({ accounts: 1, uniqueCustomers: 1, totalUSD: '0.15' });
  });

  it('streams an export written in the export worker, byte for byte as the inline writer', async () => {
    const read = async (stream: Promise<{ body: NodeJS.ReadableStream; rows: Promise<number> }>) => {
      const { body, rows } = await stream;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
      return { text: Buffer.concat(chunks).toString(), rows: await rows };
    };
    const request = { kind: 'transactions', input: { customerId: ids.customerId } } as const;
    const fromPool = await read(pool.exportFile(request, 'csv', '2026-11-23'));
    expect(fromPool).toEqual(await read(inline.exportFile(request, 'csv', '2026-11-23')));
    expect(fromPool.rows).toBe(6);
    expect(fromPool.text.split('\r\n')[1]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d,Zoë,Casino \d+,Purchase,0.01,0.02,0.03,,150.03,r@example.com$/,
    );
    const failed: unknown = await pool
      .exportFile({ kind: 'participation', input: { masterUserId: 999 } }, 'xlsx', '2026-11-23')
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ kind: 'invalid', fields: [{ path: 'masterUserId', message: 'Customer not found' }] });
  });

  it('answers ranged Profitability from its range thread like the inline reader, the write after a read included', async () => {
    const input = { startDate: '2000-01-01', endDate: '2100-01-01', limit: 10 };
    expect(await pool.run('reports.profitabilitySummary', input)).toEqual(await inline.run('reports.profitabilitySummary', input));
    const before = await pool.run('reports.profitability', input);
    expect(before).toEqual(await inline.run('reports.profitability', input));
    await createEntry(database.db, { ...ids, unplayedCoinsChange: 0, playedCoinsChange: 0, usdChange: 12345 }, { userId });
    const after = await pool.run('reports.profitability', input);
    expect(Number(after[0].totalUSD) - Number(before[0].totalUSD)).toBeCloseTo(123.45, 2);
    expect(after).toEqual(await inline.run('reports.profitability', input));
  });

  it('answers every type over a date range from the range thread like the inline reader, and sends only those reads there', async () => {
    const input = { startDate: '2000-01-01', endDate: '2100-01-01' };
    const summary = await pool.run('reports.transactionTypesSummary', input);
    expect(summary).toEqual(await inline.run('reports.transactionTypesSummary', input));
    expect([summary.uniqueCustomers, summary.byType.map((t) => t.transactionTypeId)]).toEqual([1, [ids.transactionTypeId]]);
    expect(await pool.run('reports.transactionTypes', input)).toEqual(await inline.run('reports.transactionTypes', input));
    expect(namedPool('reports.transactionTypesSummary', input)).toBe('ranges');
    expect(namedPool('reports.transactionTypes', input)).toBe('ranges');
    expect(namedPool('reports.transactionTypesSummary', { ...input, transactionTypeId: ids.transactionTypeId })).toBe('screens');
    expect(namedPool('reports.transactionTypesSummary', {})).toBe('screens');
    expect(namedPool('reports.profitability', { ...input, limit: 10 })).toBe('ranges');
    expect(namedPool('reports.profitability', input)).toBe('exports');
    expect(namedPool('transactions.list', input)).toBe('screens');
  });

  it("runs the ledger check on a thread of its own, not a screen's nor the exports', and answers it like the inline reader", async () => {
    expect(namedPool('admin.ledgerCheck', undefined)).toBe('checks');
    const check = await pool.run('admin.ledgerCheck', undefined);
    expect(check).toEqual(await inline.run('admin.ledgerCheck', undefined));
    const rows = database.sqlite.prepare('select count(*) from transactions').pluck().get();
    expect([check.ok, check.checkedTransactions, check.problems]).toEqual([true, rows, []]);
  });

  it('opens read-only connections whose big sorts spill to temporary files past the page cache, not to memory', () => {
    const { sqlite } = openReadOnly(database.sqlite.name);
    try {
      // 1 is FILE: a sort or a DISTINCT over many rows holds at most about the page cache in memory (decision 028).
      expect([sqlite.pragma('temp_store', { simple: true }), sqlite.pragma('cache_size', { simple: true })]).toEqual([1, -4000]);
    } finally {
      sqlite.close();
    }
  });

  it('starts its threads only when told, so a database is migrated before they read the tables they keep', async () => {
    const fresh = openDatabase(path.join(tempDir('ledger-readers-fresh-'), 'app.db'));
    const early = poolReaders(fresh.sqlite.name, { timeZone: 'UTC' }, 2);
    try {
      // A thread started now would fail on the missing tables (the server crashed on an old database).
      await new Promise((r) => setTimeout(r, 1500));
      await migrateToLatest(fresh.db);
      early.start();
      expect(await early.run('reports.highScSummary', { threshold: 0 })).toEqual({ accounts: 0, uniqueCustomers: 0, totalUSD: '0.00' });
    } finally {
      await early.close();
      await fresh.close();
    }
  });

  it("rethrows a worker's field error as the domain error it was; a missing row is undefined", async () => {
    const error: unknown = await pool.run('reports.participation', { masterUserId: 999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'Customer not found',
      fields: [{ path: 'masterUserId', message: 'Customer not found' }],
    });
    expect(await pool.run('transactions.get', { id: 999 })).toBeUndefined();
  });
});
