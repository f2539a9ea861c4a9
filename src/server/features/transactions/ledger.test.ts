import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database';
import { insertUser } from '../users/users.repository';
import { createTestDatabase } from '../../testing/test-db';
import { linkBalances, pairFixture, type Pair } from '../../testing/fixtures';
import { setLinkStatus } from '../customer-casinos/customer-casinos.repository';
import { insertType } from '../transaction-types/transaction-types.repository';
import { checkLedger, ledgerIsSound } from './invariants';
import { createEntry, deleteEntry, editEntry, type LedgerFields } from './ledger';

let database: OpenedDatabase;
let userId: number;
beforeEach(async () => {
  database = await createTestDatabase();
  const user = await insertUser(database.db, { email: 'l@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' });
  userId = user.id;
});
afterEach(() => database.close());

/** A small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the ledger write path', () => {
  it('keeps running balances exact to the cent', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const base = { customerId: customer.id, casinoId: casino.id, transactionTypeId: type.id };
    const t = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms));
    const a = await createEntry(
      db,
      { ...base, unplayedCoinsChange: 2200000, playedCoinsChange: 0, usdChange: -2000 },
      { userId, now: t(1) },
    );
    const b = await createEntry(db, { ...base, unplayedCoinsChange: -1, playedCoinsChange: 1, usdChange: 0 }, { userId, now: t(2) });
    const c = await createEntry(db, { ...base, unplayedCoinsChange: 10, playedCoinsChange: 5, usdChange: 3 }, { userId, now: t(3) });
    const rows = await db.selectFrom('transactions').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.unplayedCoinsAfter, r.playedCoinsAfter, r.totalCoinsAfter])).toEqual([
      [a, 2200000, 0, 2200000],
      [b, 2199999, 1, 2200000],
      [c, 2200009, 6, 2200015],
    ]);
    expect(rows[0].purchaseRatio).toBeCloseTo(1.1, 12);
    expect(rows[1].purchaseRatio).toBeNull();

    await editEntry(db, a, { ...base, unplayedCoinsChange: 100, playedCoinsChange: 0, usdChange: -1 }, { userId });
    const after = await db.selectFrom('transactions').select(['unplayedCoinsAfter', 'totalCoinsAfter']).orderBy('id').execute();
    expect(after).toEqual([
      { unplayedCoinsAfter: 100, totalCoinsAfter: 100 },
      { unplayedCoinsAfter: 99, totalCoinsAfter: 100 },
      { unplayedCoinsAfter: 109, totalCoinsAfter: 115 },
    ]);
    await deleteEntry(db, b, userId);
    expect(await linkBalances(db, customer.id, casino.id)).toEqual({
      currentUnplayedCoins: 110,
      currentPlayedCoins: 5,
      usdTotal: 2,
      transactionCount: 2,
    });
    expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  });

  it('places an entry recorded while the clock is set back before the later rows, and recomputes them', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const base = { customerId: customer.id, casinoId: casino.id, transactionTypeId: type.id, playedCoinsChange: 0, usdChange: 0 };
    const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour));
    const first = await createEntry(db, { ...base, unplayedCoinsChange: 1000 }, { userId, now: at(10) });
    const second = await createEntry(db, { ...base, unplayedCoinsChange: 200 }, { userId, now: at(12) });
    // The server's clock goes back an hour: the new row's id is the largest, its date is not the latest.
    const setBack = await createEntry(db, { ...base, unplayedCoinsChange: 30, playedCoinsChange: 4 }, { userId, now: at(11) });
    const rows = await db
      .selectFrom('transactions')
      .select(['id', 'unplayedCoinsAfter', 'playedCoinsAfter', 'totalCoinsAfter'])
      .orderBy('date')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first, unplayedCoinsAfter: 1000, playedCoinsAfter: 0, totalCoinsAfter: 1000 },
      { id: setBack, unplayedCoinsAfter: 1030, playedCoinsAfter: 4, totalCoinsAfter: 1034 },
      { id: second, unplayedCoinsAfter: 1230, playedCoinsAfter: 4, totalCoinsAfter: 1234 },
    ]);
    expect(await linkBalances(db, customer.id, casino.id)).toMatchObject({ currentUnplayedCoins: 1230, currentPlayedCoins: 4 });
    expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  });

  it('stays sound through hundreds of random creates, edits, moves and deletes', async () => {
    const db = database.db;
    const pairs: Pair[] = [];
    for (let i = 0; i < 4; i++) pairs.push(await pairFixture(db, { scRatio: 500 + i * 500 }));
    // Cross links so that edits can move transactions between customers and casinos.
    for (const p of pairs) for (const q of pairs) await setLinkStatus(db, p.customer.id, q.casino.id, 'active');
    const extraTypes = await Promise.all(pairs.map((p) => insertType(db, { name: 'Withdraw', casinoId: p.casino.id })));
    const typesOf = (casinoId: number) => [
      pairs.find((p) => p.casino.id === casinoId)!.type.id,
      extraTypes.find((t) => t.casinoId === casinoId)!.id,
    ];

    const rand = prng(20261121);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
    const amount = () => Math.round((rand() - 0.5) * 2_000_000);
    const fields = (): LedgerFields => {
      const customerId = pick(pairs).customer.id;
      const casinoId = pick(pairs).casino.id;
      return {
        customerId,
        casinoId,
        transactionTypeId: pick(typesOf(casinoId)),
        unplayedCoinsChange: amount(),
        playedCoinsChange: amount(),
        usdChange: amount(),
      };
    };

    const model = new Map<number, LedgerFields>();
    let clock = Date.UTC(2026, 5, 1);
    for (let step = 0; step < 400; step++) {
      const ids = [...model.keys()];
      const roll = rand();
      if (roll < 0.5 || ids.length < 3) {
        // Dates sometimes repeat, so the id breaks ties; they span weeks, so the per-day totals have many days.
        clock += rand() < 0.2 ? 0 : Math.floor(rand() * 20_000_000);
        const f = fields();
        model.set(await createEntry(db, f, { userId, now: new Date(clock) }), f);
      } else if (roll < 0.8) {
        const id = pick(ids);
        const f = fields();
        await editEntry(db, id, f, { userId });
        model.set(id, f);
      } else {
        const id = pick(ids);
        await deleteEntry(db, id, userId);
        model.delete(id);
      }
    }

    const report = await checkLedger(db);
    expect(report).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });

    // Recompute from scratch in JavaScript and compare every row and every link.
    const rows = await db.selectFrom('transactions').selectAll().orderBy('date').orderBy('id').execute();
    expect(rows).toHaveLength(model.size);
    const running = new Map<string, { u: number; p: number; d: number; n: number }>();
    for (const row of rows) {
      expect(row).toMatchObject(model.get(row.id)!);
      const key = `${row.customerId}:${row.casinoId}`;
      const r = running.get(key) ?? { u: 0, p: 0, d: 0, n: 0 };
      r.u += row.unplayedCoinsChange;
      r.p += row.playedCoinsChange;
      r.d += row.usdChange;
      r.n += 1;
      running.set(key, r);
      expect([row.unplayedCoinsAfter, row.playedCoinsAfter, row.totalCoinsAfter]).toEqual([r.u, r.p, r.u + r.p]);
    }
    const links = await db.selectFrom('customerCasinos').selectAll().execute();
    for (const link of links) {
      const r = running.get(`${link.customerId}:${link.casinoId}`) ?? { u: 0, p: 0, d: 0, n: 0 };
      expect([link.currentUnplayedCoins, link.currentPlayedCoins, link.usdTotal, link.transactionCount]).toEqual([r.u, r.p, r.d, r.n]);
    }
  });

  it('ends 200 concurrent creates on one pair with the exact sum', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const writes = Array.from({ length: 200 }, (_, i) =>
      createEntry(
        db,
        {
          customerId: customer.id,
          casinoId: casino.id,
          transactionTypeId: type.id,
          unplayedCoinsChange: i + 1,
          playedCoinsChange: 1,
          usdChange: -1,
        },
        { userId },
      ),
    );
    await Promise.all(writes);
    expect(await linkBalances(db, customer.id, casino.id)).toEqual({
      currentUnplayedCoins: (200 * 201) / 2,
      currentPlayedCoins: 200,
      usdTotal: -200,
      transactionCount: 200,
    });
    const last = await db.selectFrom('transactions').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.totalCoinsAfter).toBe(20100 + 200);
    expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  });

  it('commits the good writes of a shared commit and rolls back only the refused one', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const other = await pairFixture(db);
    const f = {
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      unplayedCoinsChange: 1000,
      playedCoinsChange: 0,
      usdChange: -100,
    };
    // Started in one turn of the event loop, the three share one SQLite transaction.
    const results = await Promise.allSettled([
      createEntry(db, f, { userId }),
      createEntry(db, { ...f, transactionTypeId: other.type.id }, { userId }),
      createEntry(db, { ...f, unplayedCoinsChange: 250 }, { userId }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('Transaction type does not belong to this casino');
    expect(await linkBalances(db, customer.id, casino.id)).toEqual({
      currentUnplayedCoins: 1250,
      currentPlayedCoins: 0,
      usdTotal: -200,
      transactionCount: 2,
    });
    expect(await db.selectFrom('transactions').select(['unplayedCoinsAfter']).orderBy('id').execute()).toEqual([
      { unplayedCoinsAfter: 1000 },
      { unplayedCoinsAfter: 1250 },
    ]);
    expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  });

  it('refuses entries that break the rules, writing nothing', async () => {
    const db = database.db;
    const { customer, casino, type } = await pairFixture(db);
    const other = await pairFixture(db, { status: 'banned' });
    const f = {
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      unplayedCoinsChange: 1,
      playedCoinsChange: 1,
      usdChange: 1,
    };
    await expect(createEntry(db, { ...f, transactionTypeId: other.type.id }, { userId })).rejects.toThrow(
      'Transaction type does not belong to this casino',
    );
    await expect(
      createEntry(db, { ...f, customerId: other.customer.id, casinoId: other.casino.id, transactionTypeId: other.type.id }, { userId }),
    ).rejects.toThrow('Customer has no active registration at this casino');
    await expect(createEntry(db, { ...f, casinoId: other.casino.id, transactionTypeId: other.type.id }, { userId })).rejects.toThrow(
      'Customer has no active registration at this casino',
    );
    expect(await db.selectFrom('transactions').select('id').execute()).toEqual([]);
  });
});
