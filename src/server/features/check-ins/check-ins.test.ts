import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDay, nextDay } from '../../../shared/dates';
import { auditTrail, linkBalances, pairFixture, type Pair } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { recordCheckIn } from './check-in-step';
import { checkInBoard } from './check-ins.repository';
import { checkInsRouter } from './check-ins.router';
import { expectFieldErrors } from '../../testing/rest';

const TZ = 'America/New_York';
let s: TestServer;
let staff: TestUser;
let alice: Pair;
let bob: Pair;
beforeEach(async () => {
  s = await createTestServer({ timeZone: TZ });
  staff = await s.addUser('staff');
  alice = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  bob = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Star' });
  // Not on the board: an inactive link.
  await pairFixture(s.database.db, { customerName: 'Carol', casinoName: 'Moon', status: 'inactive' });
});
afterEach(() => s.stop());

const post = (payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/api/check-ins', headers: staff.auth, payload });
const get = (query: string) => s.app.inject({ url: `/api/check-ins${query}`, headers: staff.auth });
const checkIn = (sc: number, at: string, date?: string) =>
  recordCheckIn(
    s.database.db,
    { customerId: alice.customer.id, casinoId: alice.casino.id, unplayedCoins: sc, date },
    { userId: staff.id, timeZone: TZ, now: new Date(at) },
  );
const boardOn = (date: string, now = '2026-11-25T12:00:00Z') => checkInBoard(s.database.db, { date }, TZ, new Date(now));
const aliceOn = async (date: string, now = '2026-11-21T12:00:00Z') =>
  (await boardOn(date, now)).rows.find((r) => r.customerName === 'Alice');

/** The check-in days and streaks recomputed from the Check-in transactions themselves (office days). */
async function recomputed() {
  const rows = await s.database.db
    .selectFrom('transactions as t')
    .innerJoin('transactionTypes as y', 'y.id', 't.transactionTypeId')
    .select(['t.customerId', 't.casinoId', 't.date', 't.unplayedCoinsChange'])
    .where('y.name', '=', 'Check-in')
    .orderBy('t.date')
    .execute();
  const days = new Map<
    string,
    { customerId: number; casinoId: number; day: string; count: number; unplayedCoins: number; streak: number }
  >();
  for (const r of rows) {
    const day = localDay(r.date, TZ);
    const key = `${r.customerId}:${r.casinoId}:${day}`;
    const d = days.get(key) ?? { customerId: r.customerId, casinoId: r.casinoId, day, count: 0, unplayedCoins: 0, streak: 0 };
    days.set(key, { ...d, count: d.count + 1, unplayedCoins: d.unplayedCoins + r.unplayedCoinsChange });
  }
  const sorted = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  for (const d of sorted) {
    const before = sorted.find((e) => e.customerId === d.customerId && e.casinoId === d.casinoId && nextDay(e.day) === d.day);
    d.streak = (before?.streak ?? 0) + 1;
  }
  return sorted;
}

describe('the check-in board', () => {
  it('tells done from missing, counts streaks across days and office-time midnight, and keeps them equal to a recomputation', async () => {
    // 23:30 on the 20th in New York is 04:30 UTC on the 21st; 00:15 on the 21st is 45 minutes later, the same UTC day.
    await checkIn(1000, '2026-11-21T04:30:00Z');
    await checkIn(1500, '2026-11-21T05:15:00Z');
    // Each day's own check-in; the streak and the last check-in are the link's current ones.
    const last = '2026-11-21T05:15:00.000Z';
    expect(await aliceOn('2026-11-20')).toMatchObject({
      done: true,
      unplayedCoins: '10.00',
      streak: 2,
      by: 'Sam Staff',
      at: '2026-11-21T04:30:00.000Z',
      lastAt: last,
    });
    expect(await aliceOn('2026-11-21')).toMatchObject({ done: true, unplayedCoins: '15.00', streak: 2, lastAt: last });
    // On the 22nd (still open) the streak runs on; on the 23rd it is broken.
    expect(await aliceOn('2026-11-22', '2026-11-22T20:00:00Z')).toMatchObject({
      done: false,
      transactionId: null,
      unplayedCoins: null,
      streak: 2,
      lastAt: last,
    });
    expect(await aliceOn('2026-11-23', '2026-11-23T20:00:00Z')).toMatchObject({ done: false, streak: 0, lastAt: last });
    await checkIn(0, '2026-11-23T15:00:00Z');
    expect(await aliceOn('2026-11-23', '2026-11-23T20:00:00Z')).toMatchObject({ done: true, unplayedCoins: '0.00', streak: 1 });
    // The 22nd filled in afterwards (date given): the run 20-23 is one streak of 4.
    const filled = await checkIn(500, '2026-11-23T16:00:00Z', '2026-11-22');
    expect(filled).toMatchObject({ day: '2026-11-22', streak: 3 });
    expect(await aliceOn('2026-11-23', '2026-11-23T20:00:00Z')).toMatchObject({ streak: 4 });
    const link = await s.database.db
      .selectFrom('customerCasinos')
      .select(['lastCheckInDay', 'checkInStreak'])
      .where('customerId', '=', alice.customer.id)
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ lastCheckInDay: '2026-11-23', checkInStreak: 4 });
    const kept = await s.database.db
      .selectFrom('checkIns')
      .select(['customerId', 'casinoId', 'day', 'count', 'unplayedCoins', 'streak'])
      .orderBy('day')
      .execute();
    expect(kept).toEqual(await recomputed());
    expect(await linkBalances(s.database.db, alice.customer.id, alice.casino.id)).toMatchObject({
      currentUnplayedCoins: 3000,
      usdTotal: 0,
      transactionCount: 4,
    });
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);

    const board = await boardOn('2026-11-23');
    expect(board).toMatchObject({ date: '2026-11-23', done: 1, total: 2, totalCount: 2 });
    expect(board.rows.map((r) => [r.customerName, r.casinoName, r.done])).toEqual([
      ['Alice', 'Lucky', true],
      ['Bob', 'Star', false],
    ]);
    expect((await checkInBoard(s.database.db, { date: '2026-11-23', status: 'missing' }, TZ)).rows.map((r) => r.customerName)).toEqual([
      'Bob',
    ]);
    expect(
      (
        await checkInBoard(s.database.db, { date: '2026-11-23', sort: 'streak', desc: true }, TZ, new Date('2026-11-23T20:00:00Z'))
      ).rows.map((r) => r.customerName),
    ).toEqual(['Alice', 'Bob']);
    // A past day's board says which day is today (the grid names the day it shows unless it is today).
    expect(
      await checkInBoard(s.database.db, { date: '2026-11-22', limit: 1 }, TZ, new Date('2026-11-23T20:00:00Z')).then((b) => [
        b.date,
        b.today,
      ]),
    ).toEqual(['2026-11-22', '2026-11-23']);
    expect(
      (await checkInBoard(s.database.db, { date: '2026-11-23', sort: 'customer', desc: true }, TZ)).rows.map((r) => r.customerName),
    ).toEqual(['Bob', 'Alice']);
  });

  it('records from REST, refuses a second check-in the same day (409) unless confirmed as a correction', async () => {
    const today = localDay(new Date(), TZ);
    const first = await post({ customerId: bob.customer.id, casinoId: bob.casino.id, unplayedCoins: '2.50' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ day: today, streak: 1, transactionId: expect.any(Number) });
    const again = await post({ customerId: bob.customer.id, casinoId: bob.casino.id, unplayedCoins: '2.50' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Already checked in on ${today} (2.50 SC); confirm to correct the day's SC to 2.50`);
    expect(await linkBalances(s.database.db, bob.customer.id, bob.casino.id)).toMatchObject({
      currentUnplayedCoins: 250,
      transactionCount: 1,
    });
    // A correction to the same amount changes nothing: refused, naming the field.
    const same = await post({ customerId: bob.customer.id, casinoId: bob.casino.id, unplayedCoins: '2.50', correction: true });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      { path: 'unplayedCoins', message: `The SC of ${today} is already 2.50: type the corrected amount` },
    ]);
    // A correction sets the day's SC to the amount typed (decision 098): 2.50 corrected to 1.25 books -1.25.
    const corrected = await post({ customerId: bob.customer.id, casinoId: bob.casino.id, unplayedCoins: '1.25', correction: true });
    expect(corrected.statusCode).toBe(201);
    expect(await linkBalances(s.database.db, bob.customer.id, bob.casino.id)).toMatchObject({
      currentUnplayedCoins: 125,
      transactionCount: 2,
    });
    const booked = await s.database.db
      .selectFrom('transactions')
      .select(['unplayedCoinsChange', 'unplayedCoinsAfter'])
      .where('id', '=', corrected.json().transactionId)
      .executeTakeFirstOrThrow();
    expect(booked).toEqual({ unplayedCoinsChange: -125, unplayedCoinsAfter: 125 });
    // And upwards: 1.25 corrected to 5.00 books +3.75; the day's SC is 5.00, not 6.25.
    const raised = await post({ customerId: bob.customer.id, casinoId: bob.casino.id, unplayedCoins: '5', correction: true });
    expect(raised.statusCode).toBe(201);
    const board = (await get(`?date=${today}&status=done`)).json();
    expect(board).toMatchObject({
      date: today,
      today,
      done: 1,
      total: 2,
      rows: [
        {
          customerName: 'Bob',
          casinoName: 'Star',
          done: true,
          unplayedCoins: '5.00',
          streak: 1,
          transactionId: raised.json().transactionId,
          by: 'Sam Staff',
        },
      ],
    });
    expect(Object.keys(board.rows[0]).sort()).toEqual(
      [
        'at',
        'by',
        'casinoId',
        'casinoName',
        'customerId',
        'customerName',
        'done',
        'lastAt',
        'streak',
        'transactionId',
        'unplayedCoins',
      ].sort(),
    );
    const types = await s.database.db
      .selectFrom('transactionTypes')
      .select('name')
      .where('casinoId', '=', bob.casino.id)
      .orderBy('name')
      .execute();
    expect(types.map((t) => t.name)).toEqual(['Check-in', 'Purchase']);
    const audit = await auditTrail(s.database.db, staff.id);
    expect(audit.map((a) => a.step)).toEqual([
      'transactionType create',
      'transaction check-in',
      'checkIn check-in',
      'transaction check-in',
      'checkIn check-in-correction',
      'transaction check-in',
      'checkIn check-in-correction',
    ]);
  });

  it('lets staff reach the board and record over tRPC as over REST, each check-in audited with its entry', async () => {
    const procedures = Object.entries(checkInsRouter._def.procedures).map(([name, p]) => [
      name,
      (p as { _def: { meta?: { access?: string } } })._def.meta?.access,
    ]);
    expect(procedures.sort()).toEqual([
      ['board', 'authed'],
      ['record', 'authed'],
    ]);
    const caller = s.caller(staff);
    const today = localDay(new Date(), TZ);
    expect(await caller.checkIns.board({})).toMatchObject({ date: today, done: 0, total: 2 });
    const recorded = await caller.checkIns.record({ customerId: alice.customer.id, casinoId: alice.casino.id, unplayedCoins: '0' });
    expect(recorded).toMatchObject({ day: today, streak: 1 });
    expect(await caller.checkIns.board({ status: 'done' })).toMatchObject({
      done: 1,
      total: 2,
      rows: [{ customerName: 'Alice', done: true, unplayedCoins: '0.00', by: 'Sam Staff', transactionId: recorded.transactionId }],
    });
    const audit = await auditTrail(s.database.db, staff.id);
    expect(audit.map((a) => a.step)).toEqual(['transactionType create', 'transaction check-in', 'checkIn check-in']);
    expect(audit[0].after).toMatchObject({ name: 'Check-in', casinoId: alice.casino.id });
    expect(audit[1].after).toMatchObject({ unplayedCoinsChange: '0.00', playedCoinsChange: '0.00', usdChange: '0.00' });
    const entry = await s.database.db
      .selectFrom('auditLog')
      .select('entityId')
      .where('entity', '=', 'transaction')
      .where('action', '=', 'check-in')
      .executeTakeFirstOrThrow();
    expect(entry.entityId).toBe(recorded.transactionId);
  });

  it('refuses bad input with field messages: a negative or mistyped SC, a future day, an inactive link', async () => {
    const bad = await post({ customerId: bob.customer.id, casinoId: bob.casino.id, unplayedCoins: '-1', date: '2026-02-30' });
    expectFieldErrors(bad, [
      { path: 'unplayedCoins', message: 'Must be 0 or more' },
      { path: 'date', message: 'Must be a real date' },
    ]);
    const future = await post({
      customerId: bob.customer.id,
      casinoId: bob.casino.id,
      unplayedCoins: '1',
      date: nextDay(localDay(new Date(), TZ)),
    });
    expect(future.json().errors).toEqual([{ path: 'date', message: 'Must not be in the future' }]);
    const carol = await s.database.db.selectFrom('customers').select('id').where('name', '=', 'Carol').executeTakeFirstOrThrow();
    const moon = await s.database.db.selectFrom('casinos').select('id').where('name', '=', 'Moon').executeTakeFirstOrThrow();
    const inactive = await post({ customerId: carol.id, casinoId: moon.id, unplayedCoins: '1' });
    expect(inactive.json().errors).toEqual([{ path: 'casinoId', message: 'Customer has no active registration at this casino' }]);
    expect(await s.database.db.selectFrom('checkIns').selectAll().execute()).toEqual([]);
    expect((await get('?status=late')).statusCode).toBe(400);
  });
});
