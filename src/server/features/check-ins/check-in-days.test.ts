import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDay, nextDay, previousDay } from '../../../shared/dates';
import { sqliteOf } from '../../db/database';
import type { CheckInRow } from '../../db/types';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { insertType } from '../transaction-types/transaction-types.repository';
import { checkLedger } from '../transactions/invariants';
import { rebuildCheckIns, useOfficeZone } from './check-in-days';
import { checkInBoard } from './check-ins.repository';

// Decision 061: the board's kept check-in days follow the Check-in transactions whatever writes them.
const TZ = 'America/New_York';
let s: TestServer;
let staff: TestUser;
let alice: Pair;
let bob: Pair;
let luckyCheckIn: number;
let starCheckIn: number;
beforeEach(async () => {
  s = await createTestServer({ timeZone: TZ });
  staff = await s.addUser('staff');
  alice = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  bob = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Star' });
  luckyCheckIn = (await insertType(s.database.db, { name: 'Check-in', casinoId: alice.casino.id })).id;
  // Any case names the check-in type.
  starCheckIn = (await insertType(s.database.db, { name: 'check-IN', casinoId: bob.casino.id })).id;
});
afterEach(() => s.stop());

const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  s.app.inject({ method, url, headers: staff.auth, payload });
const entry = (pair: typeof alice, typeId: number, sc: string, occurredAt: string) => ({
  customerId: pair.customer.id,
  casinoId: pair.casino.id,
  transactionTypeId: typeId,
  unplayedCoinsChange: sc,
  playedCoinsChange: '0',
  usdChange: '0',
  occurredAt,
});
async function add(pair: typeof alice, typeId: number, sc: string, occurredAt: string): Promise<number> {
  const res = await api('POST', '/api/transactions', entry(pair, typeId, sc, occurredAt));
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
async function edit(id: number, body: ReturnType<typeof entry>) {
  expect((await api('PATCH', `/api/transactions/${id}`, body)).statusCode).toBe(200);
}

/** The kept rows and each link's last check-in, as stored. */
async function kept() {
  const days = await s.database.db.selectFrom('checkIns').selectAll().orderBy('customerId').orderBy('casinoId').orderBy('day').execute();
  const links = await s.database.db
    .selectFrom('customerCasinos')
    .select(['customerId', 'casinoId', 'lastCheckInDay', 'lastCheckInAt', 'checkInStreak'])
    .orderBy('customerId')
    .orderBy('casinoId')
    .execute();
  return { days, links };
}

/** The same, recomputed from the transactions of a type named Check-in (any case), in office days. */
async function recomputed() {
  const rows = await s.database.db
    .selectFrom('transactions as t')
    .innerJoin('transactionTypes as y', 'y.id', 't.transactionTypeId')
    .select(['t.id', 't.customerId', 't.casinoId', 't.date', 't.unplayedCoinsChange', 't.createdByUserId', 'y.name'])
    .orderBy('t.date')
    .orderBy('t.id')
    .execute();
  const byKey = new Map<string, CheckInRow>();
  for (const r of rows.filter((t) => t.name.toLowerCase() === 'check-in')) {
    const day = localDay(r.date, TZ);
    const key = `${r.customerId}:${r.casinoId}:${day}`;
    const d = byKey.get(key);
    byKey.set(key, {
      customerId: r.customerId,
      casinoId: r.casinoId,
      day,
      count: (d?.count ?? 0) + 1,
      unplayedCoins: (d?.unplayedCoins ?? 0) + r.unplayedCoinsChange,
      transactionId: r.id,
      at: r.date,
      byUserId: r.createdByUserId,
      streak: 0,
    });
  }
  const days = [...byKey.values()].sort((a, b) => a.customerId - b.customerId || a.casinoId - b.casinoId || a.day.localeCompare(b.day));
  days.forEach((d, i) => {
    const before = days[i - 1];
    d.streak =
      before && before.customerId === d.customerId && before.casinoId === d.casinoId && nextDay(before.day) === d.day
        ? before.streak + 1
        : 1;
  });
  const links = (await kept()).links.map((l) => {
    const last = days.filter((d) => d.customerId === l.customerId && d.casinoId === l.casinoId).at(-1);
    return { ...l, lastCheckInDay: last?.day ?? null, lastCheckInAt: last?.at ?? null, checkInStreak: last?.streak ?? 0 };
  });
  return { days, links };
}

/** The board of `day` seen at `now`, against the recomputation: done, SC, streak still running, last check-in. */
async function expectBoard(day: string, now: string) {
  const board = await checkInBoard(s.database.db, { date: day }, TZ, new Date(now));
  const { days } = await recomputed();
  const running = previousDay(localDay(now, TZ));
  const expected = [alice, bob].map((p) => {
    const mine = days.filter((d) => d.customerId === p.customer.id && d.casinoId === p.casino.id);
    const that = mine.find((d) => d.day === day);
    const last = mine.at(-1);
    return {
      customerName: p.customer.name,
      done: that !== undefined,
      unplayedCoins: that ? (that.unplayedCoins / 100).toFixed(2) : null,
      transactionId: that?.transactionId ?? null,
      streak: last && last.day >= running ? last.streak : 0,
      lastAt: last?.at ?? null,
    };
  });
  expect(
    board.rows.map((r) => ({
      customerName: r.customerName,
      done: r.done,
      unplayedCoins: r.unplayedCoins,
      transactionId: r.transactionId,
      streak: r.streak,
      lastAt: r.lastAt,
    })),
  ).toEqual(expected);
  expect(board.done).toBe(expected.filter((r) => r.done).length);
  return board;
}

async function expectExact() {
  expect(await kept()).toEqual(await recomputed());
  expect(await checkLedger(s.database.db)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  for (const day of ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']) {
    // Just before and just after office-time midnight of the 22nd (04:59 and 05:01 UTC on the 23rd).
    await expectBoard(day, '2026-11-23T04:59:00Z');
    await expectBoard(day, '2026-11-23T05:01:00Z');
  }
}

describe('the kept check-in days', () => {
  it('follow check-ins written through every path: Add Transaction, the board, import, edits of date, pair, type and amount, delete, restore and a type renamed', async () => {
    // Add Transaction: 23:30 on the 20th in New York (04:30 UTC on the 21st).
    const late = await add(alice, luckyCheckIn, '10', '2026-11-21T04:30:00Z');
    // The board, for the 21st (an earlier day: booked at its last second).
    expect(
      (
        await api('POST', '/api/check-ins', {
          customerId: alice.customer.id,
          casinoId: alice.casino.id,
          unplayedCoins: '2.50',
          date: '2026-11-21',
        })
      ).statusCode,
    ).toBe(201);
    // An import: 00:15 on the 22nd office time, and Bob's first.
    const csv = [
      'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change',
      '2026-11-22 00:15,Alice,Lucky,Check-in,5,0,0',
      '2026-11-22 10:00,Bob,Star,check-in,1,0,0',
      '',
    ].join('\r\n');
    const imported = await s.app.inject({
      method: 'POST',
      url: '/api/import/transactions',
      headers: { ...staff.auth, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode).toBe(201);
    let board = await expectBoard('2026-11-22', '2026-11-22T20:00:00Z');
    expect(board.rows[0]).toMatchObject({ customerName: 'Alice', done: true, unplayedCoins: '5.00', streak: 3 });
    await expectExact();

    // The entry of the 20th moved to the 19th: the run 19-20-21-22 breaks into 19 and 21-22.
    await edit(late, entry(alice, luckyCheckIn, '10', '2026-11-19T15:00:00Z'));
    expect((await kept()).days.filter((d) => d.customerId === alice.customer.id).map((d) => [d.day, d.streak])).toEqual([
      ['2026-11-19', 1],
      ['2026-11-21', 1],
      ['2026-11-22', 2],
    ]);
    await expectExact();
    // Its amount, then back to the 20th: one run of four again, with the new SC.
    await edit(late, entry(alice, luckyCheckIn, '12.34', '2026-11-19T15:00:00Z'));
    await edit(late, entry(alice, luckyCheckIn, '12.34', '2026-11-20T15:00:00Z'));
    expect((await kept()).days.filter((d) => d.customerId === alice.customer.id).map((d) => [d.day, d.unplayedCoins, d.streak])).toEqual([
      ['2026-11-20', 1234, 1],
      ['2026-11-21', 250, 2],
      ['2026-11-22', 500, 3],
    ]);
    await expectExact();
    // A Purchase retyped as a check-in (the 23rd), then the 21st's check-in retyped as a Purchase.
    const purchase = await add(alice, alice.type.id, '3', '2026-11-23T14:00:00Z');
    await edit(purchase, entry(alice, luckyCheckIn, '3', '2026-11-23T14:00:00Z'));
    const board21 = await checkInBoard(s.database.db, { date: '2026-11-21' }, TZ, new Date('2026-11-23T20:00:00Z'));
    const the21st = board21.rows[0].transactionId!;
    await edit(the21st, entry(alice, alice.type.id, '2.50', '2026-11-22T04:59:59Z'));
    await expectExact();
    // The 20th's check-in moved to Bob at Star (another pair), then deleted, then restored.
    await edit(late, entry(bob, starCheckIn, '12.34', '2026-11-21T15:00:00Z'));
    await expectExact();
    expect((await api('DELETE', `/api/transactions/${late}`)).statusCode).toBe(204);
    await expectExact();
    expect((await api('POST', `/api/transactions/${late}/restore`)).statusCode).toBe(200);
    await expectExact();
    // Star's type renamed: Bob's entries stop being check-ins, and are again once it is named so.
    expect((await api('PATCH', `/api/transaction-types/${starCheckIn}`, { name: 'Daily bonus' })).statusCode).toBe(200);
    expect((await kept()).days.filter((d) => d.customerId === bob.customer.id)).toEqual([]);
    await expectExact();
    expect((await api('PATCH', `/api/transaction-types/${starCheckIn}`, { name: 'Check-in' })).statusCode).toBe(200);
    board = await expectBoard('2026-11-22', '2026-11-22T20:00:00Z');
    expect(board.rows[1]).toMatchObject({ customerName: 'Bob', done: true, streak: 2 });
    await expectExact();
  });

  it('are rebuilt in the new zone when the office time zone changes, and a rebuild gives what the writes kept', async () => {
    await add(alice, luckyCheckIn, '1', '2026-11-21T04:30:00Z');
    await add(alice, luckyCheckIn, '2', '2026-11-21T15:00:00Z');
    const before = await kept();
    expect(before.days.map((d) => d.day)).toEqual(['2026-11-20', '2026-11-21']);
    const sqlite = sqliteOf(s.database.db);
    // The same zone: nothing to do; a rebuild gives the very rows the writes kept.
    expect(useOfficeZone(sqlite, TZ)).toBe(false);
    sqlite.transaction(() => rebuildCheckIns(sqlite, TZ))();
    expect(await kept()).toEqual(before);
    // In UTC both fall on the 21st: one day of two check-ins.
    expect(useOfficeZone(sqlite, 'UTC')).toBe(true);
    expect((await kept()).days.map((d) => [d.day, d.count, d.unplayedCoins, d.streak])).toEqual([['2026-11-21', 2, 300, 1]]);
    expect(await s.database.db.selectFrom('checkInZone').select('timeZone').execute()).toEqual([{ timeZone: 'UTC' }]);
  });
});

describe('the board links', () => {
  it('keep on-board, names and the per-casino counts in step with customers, casinos and link statuses', async () => {
    const carol = await pairFixture(s.database.db, { customerName: 'Carol', casinoName: 'Moon' });
    const boardLinks = () =>
      s.database.db
        .selectFrom('customerCasinos')
        .select(['customerId', 'casinoId', 'onBoard', 'customerName', 'casinoName'])
        .orderBy('customerId')
        .orderBy('casinoId')
        .execute();
    /** The same from the tables themselves. */
    const truth = () =>
      s.database.db
        .selectFrom('customerCasinos as l')
        .innerJoin('customers as c', 'c.id', 'l.customerId')
        .innerJoin('casinos as k', 'k.id', 'l.casinoId')
        .select((eb) => [
          'l.customerId',
          'l.casinoId',
          eb
            .case()
            .when(eb.and([eb('l.status', '=', 'active'), eb('c.isActive', '=', 1), eb('k.isActive', '=', 1)]))
            .then(1)
            .else(0)
            .end()
            .as('onBoard'),
          'c.name as customerName',
          'k.name as casinoName',
        ])
        .orderBy('l.customerId')
        .orderBy('l.casinoId')
        .execute();
    const counts = async () =>
      await s.database.db.selectFrom('boardCounts').select(['casinoId', 'links']).where('links', '<>', 0).orderBy('casinoId').execute();
    const truthCounts = async () => {
      const on = (await truth()).filter((l) => l.onBoard === 1);
      return [...new Set(on.map((l) => l.casinoId))]
        .sort((a, b) => a - b)
        .map((casinoId) => ({ casinoId, links: on.filter((l) => l.casinoId === casinoId).length }));
    };
    const check = async () => {
      expect(await boardLinks()).toEqual(await truth());
      expect(await counts()).toEqual(await truthCounts());
    };
    await check();
    expect((await counts()).length).toBe(3);
    // Alice at Star (a new link), Bob inactive, Star renamed, Moon off, Carol's link locked.
    expect(
      (await api('POST', '/api/customer-casinos', { customerId: alice.customer.id, casinoId: bob.casino.id, status: 'active' })).statusCode,
    ).toBeLessThan(300);
    await check();
    expect((await api('PATCH', `/api/customers/${bob.customer.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/casinos/${bob.casino.id}`, { name: 'Star Two' })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/casinos/${carol.casino.id}`, { isActive: false })).statusCode).toBe(200);
    await check();
    expect((await boardLinks()).find((l) => l.customerId === alice.customer.id && l.casinoId === bob.casino.id)).toMatchObject({
      casinoName: 'Star Two',
      onBoard: 1,
    });
    expect(
      (await api('POST', '/api/customer-casinos', { customerId: alice.customer.id, casinoId: alice.casino.id, status: 'locked' }))
        .statusCode,
    ).toBeLessThan(300);
    await check();
    const board = await checkInBoard(s.database.db, {}, TZ);
    expect(board).toMatchObject({ total: 1, done: 0, rows: [{ customerName: 'Alice', casinoName: 'Star Two' }] });
  });
});
