import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database';
import { entryOf, linkBalances, pairFixture } from '../../testing/fixtures';
import { createTestDatabase } from '../../testing/test-db';
import { insertUser } from '../users/users.repository';
import { checkLedger } from './invariants';
import { createEntry, deleteEntry, editEntry, type LedgerFields } from './ledger';
import { countTransactions, listTransactions } from './transactions.repository';

// Decision 050: a transaction carries the day it happened; a dated write takes its place in the pair's
// (date, id) order, and the after-values, link balances, per-day totals and audit follow.
let database: OpenedDatabase;
let userId: number;
beforeEach(async () => {
  database = await createTestDatabase();
  userId = (await insertUser(database.db, { email: 'd@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' }))
    .id;
});
afterEach(() => database.close());

const sound = { badLinks: [], badTransactions: [], badTotals: [], orphans: 0 };
const now = new Date('2026-11-20T12:00:00.000Z');

async function rowsInOrder() {
  return database.db
    .selectFrom('transactions')
    .select(['id', 'date', 'unplayedCoinsChange', 'unplayedCoinsAfter', 'playedCoinsAfter', 'totalCoinsAfter', 'createdAt'])
    .orderBy('date')
    .orderBy('id')
    .execute();
}

const dayTotals = () =>
  database.db
    .selectFrom('dayTotals')
    .select(['day', 'transactionCount', 'usdTotal'])
    .where('transactionCount', '!=', 0)
    .orderBy('day')
    .execute();

describe('dated entries', () => {
  it('places a backdated entry in its pair order, recomputes the later after-values and books it on its own day', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const f = (unplayed: number, usd: number): LedgerFields => ({
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      unplayedCoinsChange: unplayed,
      playedCoinsChange: 5,
      usdChange: usd,
    });
    const a = await createEntry(db, f(100000, -1000), userId, undefined, new Date('2026-11-18T09:00:00.000Z'));
    const b = await createEntry(db, f(-2550, 0), userId, undefined, new Date('2026-11-19T09:00:00.000Z'));
    const c = await createEntry(db, { ...f(777, -1), occurredAt: '2026-11-18T10:30:00.000Z' }, userId, undefined, now);

    expect(await rowsInOrder()).toEqual([
      {
        id: a,
        date: '2026-11-18T09:00:00.000Z',
        unplayedCoinsChange: 100000,
        unplayedCoinsAfter: 100000,
        playedCoinsAfter: 5,
        totalCoinsAfter: 100005,
        createdAt: '2026-11-18T09:00:00.000Z',
      },
      {
        id: c,
        date: '2026-11-18T10:30:00.000Z',
        unplayedCoinsChange: 777,
        unplayedCoinsAfter: 100777,
        playedCoinsAfter: 10,
        totalCoinsAfter: 100787,
        createdAt: now.toISOString(),
      },
      {
        id: b,
        date: '2026-11-19T09:00:00.000Z',
        unplayedCoinsChange: -2550,
        unplayedCoinsAfter: 98227,
        playedCoinsAfter: 15,
        totalCoinsAfter: 98242,
        createdAt: '2026-11-19T09:00:00.000Z',
      },
    ]);
    expect(await linkBalances(db, customer.id, casino.id)).toEqual({
      currentUnplayedCoins: 98227,
      currentPlayedCoins: 15,
      usdTotal: -1001,
      transactionCount: 3,
    });
    expect(await dayTotals()).toEqual([
      { day: '2026-11-18', transactionCount: 2, usdTotal: -1001 },
      { day: '2026-11-19', transactionCount: 1, usdTotal: 0 },
    ]);
    const created = await db
      .selectFrom('auditLog')
      .select(['at', 'after'])
      .where('entityId', '=', c)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(created.at).toBe(now.toISOString());
    expect(JSON.parse(created.after ?? '{}')).toMatchObject({ date: '2026-11-18T10:30:00.000Z', unplayedCoinsChange: '7.77' });
    expect(await checkLedger(db)).toEqual(sound);
  });

  it('moves an entry to another day by an edit, keeps its date without occurredAt, and audits the change', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const f = (unplayed: number): LedgerFields => ({
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      unplayedCoinsChange: unplayed,
      playedCoinsChange: 0,
      usdChange: -unplayed,
    });
    const a = await createEntry(db, f(1000), userId, undefined, new Date('2026-11-01T08:00:00.000Z'));
    const b = await createEntry(db, f(2000), userId, undefined, new Date('2026-11-02T08:00:00.000Z'));
    const c = await createEntry(db, f(4000), userId, undefined, new Date('2026-11-03T08:00:00.000Z'));

    // c moves before a: it becomes the first of the pair.
    await editEntry(db, c, { ...f(4000), occurredAt: '2026-10-31T23:59:59.999Z' }, userId, now);
    expect((await rowsInOrder()).map((r) => [r.id, r.date, r.unplayedCoinsAfter])).toEqual([
      [c, '2026-10-31T23:59:59.999Z', 4000],
      [a, '2026-11-01T08:00:00.000Z', 5000],
      [b, '2026-11-02T08:00:00.000Z', 7000],
    ]);
    expect(await dayTotals()).toEqual([
      { day: '2026-10-31', transactionCount: 1, usdTotal: -4000 },
      { day: '2026-11-01', transactionCount: 1, usdTotal: -1000 },
      { day: '2026-11-02', transactionCount: 1, usdTotal: -2000 },
    ]);

    // a moves after b (later in the order) with a new amount.
    await editEntry(db, a, { ...f(1500), occurredAt: '2026-11-02T08:00:00.000Z' }, userId, now);
    expect((await rowsInOrder()).map((r) => [r.id, r.unplayedCoinsAfter])).toEqual([
      [c, 4000],
      [a, 5500],
      [b, 7500],
    ]);
    // Same date as b: the id (a < b) breaks the tie.
    expect((await rowsInOrder()).map((r) => r.date)).toEqual([
      '2026-10-31T23:59:59.999Z',
      '2026-11-02T08:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ]);

    // Without occurredAt the date stays.
    await editEntry(db, b, f(100), userId, now);
    expect(await db.selectFrom('transactions').select('date').where('id', '=', b).executeTakeFirstOrThrow()).toEqual({
      date: '2026-11-02T08:00:00.000Z',
    });
    expect(await dayTotals()).toEqual([
      { day: '2026-10-31', transactionCount: 1, usdTotal: -4000 },
      { day: '2026-11-02', transactionCount: 2, usdTotal: -1600 },
    ]);
    const edits = await db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('entityId', '=', c)
      .where('action', '=', 'edit')
      .execute();
    expect(edits.map((e) => [JSON.parse(e.before ?? '{}').date, JSON.parse(e.after ?? '{}').date])).toEqual([
      ['2026-11-03T08:00:00.000Z', '2026-10-31T23:59:59.999Z'],
    ]);
    expect(await checkLedger(db)).toEqual(sound);
  });

  it('moves an entry to another pair and another day at once, recomputing both pairs', async () => {
    const db = database.db;
    const p = await pairFixture(db);
    const q = await pairFixture(db);
    const of = (pair: typeof p, unplayed: number): LedgerFields => entryOf(pair, { unplayedCoinsChange: unplayed });
    const p1 = await createEntry(db, of(p, 100), userId, undefined, new Date('2026-11-01T00:00:00.000Z'));
    await createEntry(db, of(p, 200), userId, undefined, new Date('2026-11-02T00:00:00.000Z'));
    await createEntry(db, of(q, 1000), userId, undefined, new Date('2026-11-05T00:00:00.000Z'));
    await editEntry(db, p1, { ...of(q, 100), occurredAt: '2026-11-04T00:00:00.000Z' }, userId, now);
    expect((await rowsInOrder()).map((r) => [r.unplayedCoinsChange, r.unplayedCoinsAfter])).toEqual([
      [200, 200],
      [100, 100],
      [1000, 1100],
    ]);
    expect(await checkLedger(db)).toEqual(sound);
  });

  it('stays sound through hundreds of random dated creates, date-changing edits and deletes, and History pages follow', async () => {
    const db = database.db;
    const pairs = [await pairFixture(db), await pairFixture(db), await pairFixture(db)];
    let seed = 20261123;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
    const when = () => new Date(Date.UTC(2026, 9, 1) + Math.floor(rand() * 40 * 86_400_000)).toISOString();
    const fields = (): LedgerFields => {
      const p = pick(pairs);
      return entryOf(p, {
        unplayedCoinsChange: Math.round((rand() - 0.5) * 1e6),
        playedCoinsChange: Math.round((rand() - 0.5) * 1e4),
        usdChange: Math.round((rand() - 0.5) * 1e5),
      });
    };
    const ids: number[] = [];
    for (let step = 0; step < 300; step++) {
      const roll = rand();
      if (roll < 0.55 || ids.length < 3) ids.push(await createEntry(db, { ...fields(), occurredAt: when() }, userId, undefined, now));
      else if (roll < 0.85) await editEntry(db, pick(ids), { ...fields(), ...(rand() < 0.7 ? { occurredAt: when() } : {}) }, userId, now);
      else {
        const id = ids.splice(Math.floor(rand() * ids.length), 1)[0];
        await deleteEntry(db, id, userId, now);
      }
    }
    expect(await checkLedger(db)).toEqual(sound);
    // The per-day totals are History's checkpoints: every deep page equals the plain newest-first walk.
    const all = await listTransactions(db, { filters: {}, timeZone: 'UTC', limit: 5000 });
    expect(all).toHaveLength(ids.length);
    expect(await countTransactions(db, {}, 'UTC')).toBe(ids.length);
    for (let offset = 0; offset < all.length; offset += 17) {
      const page = await listTransactions(db, { filters: {}, timeZone: 'UTC', limit: 17, offset, totalCount: all.length, deepFrom: 0 });
      expect(page.map((t) => t.id)).toEqual(all.slice(offset, offset + 17).map((t) => t.id));
    }
  });
});
