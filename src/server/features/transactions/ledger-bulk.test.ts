import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OpenedDatabase, sqliteOf } from '../../db/database';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestDatabase } from '../../testing/test-db';
import { insertUser } from '../users/users.repository';
import { checkLedger } from './invariants';
import { createEntry } from './ledger';
import { type BulkInput, BulkRows, insertMany } from './ledger-bulk';
import { ledgerStatements } from './ledger-statements';

// Decision 052: many rows at once, one pass per pair, must leave exactly what the same rows entered one
// by one through the ledger's own createEntry leave: after-values, link balances, kept totals.
const sound = { badLinks: [], badTransactions: [], badTotals: [], orphans: 0 };

async function ledgerWithPairs() {
  const database = await createTestDatabase();
  const userId = (
    await insertUser(database.db, { email: 'b@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' })
  ).id;
  const pairs: Pair[] = [];
  for (let i = 0; i < 3; i++) pairs.push(await pairFixture(database.db, { customerName: `Bulk ${i}`, casinoName: `Bulk casino ${i}` }));
  // Stored rows: pair 0 on the 10th, 12th and 14th; pair 1 on the 11th; pair 2 none.
  const stored: [number, string, number][] = [
    [0, '2026-11-10T10:00:00.000Z', 1000],
    [0, '2026-11-12T10:00:00.000Z', 2000],
    [1, '2026-11-11T10:00:00.000Z', 4000],
    [0, '2026-11-14T10:00:00.000Z', 3000],
  ];
  for (const [p, date, unplayed] of stored) {
    const { customer, casino, type } = pairs[p];
    await createEntry(
      database.db,
      {
        customerId: customer.id,
        casinoId: casino.id,
        transactionTypeId: type.id,
        unplayedCoinsChange: unplayed,
        playedCoinsChange: 1,
        usdChange: -100,
        occurredAt: date,
      },
      { userId },
    );
  }
  return { database, userId, pairs };
}

/** New rows in file order, out of order across and within pairs: before every stored row, between them, on a stored row's date, twice on one date. */
const NEW: [number, string, number][] = [
  [0, '2026-11-13T00:00:00.000Z', 7],
  [2, '2026-11-09T00:00:00.000Z', 50],
  [0, '2026-11-09T00:00:00.000Z', 5],
  [1, '2026-11-11T10:00:00.000Z', 40],
  [0, '2026-11-12T10:00:00.000Z', 11],
  [2, '2026-11-08T00:00:00.000Z', 60],
  [0, '2026-11-12T10:00:00.000Z', 13],
  [1, '2026-11-01T00:00:00.000Z', 30],
];

const inOrder = (database: OpenedDatabase) =>
  sqliteOf(database.db)
    .prepare<
      [],
      {
        customerName: string;
        date: string;
        unplayedCoinsChange: number;
        unplayedCoinsAfter: number;
        playedCoinsAfter: number;
        totalCoinsAfter: number;
      }
    >(
      `select c.name "customerName", t.date, t."unplayedCoinsChange", t."unplayedCoinsAfter", t."playedCoinsAfter", t."totalCoinsAfter"
       from transactions t join customers c on c.id = t."customerId" order by c.name, t.date, t.id`,
    )
    .all();

const kept = (database: OpenedDatabase) => ({
  links: sqliteOf(database.db)
    .prepare(
      `select "currentUnplayedCoins", "currentPlayedCoins", "usdTotal", "transactionCount" from "customerCasinos" order by "customerId"`,
    )
    .all(),
  days: sqliteOf(database.db)
    .prepare(`select day, "transactionCount", "usdTotal" from "dayTotals" where "transactionCount" != 0 order by day`)
    .all(),
});

let bulk: Awaited<ReturnType<typeof ledgerWithPairs>>;
let oneByOne: Awaited<ReturnType<typeof ledgerWithPairs>>;
beforeEach(async () => {
  bulk = await ledgerWithPairs();
  oneByOne = await ledgerWithPairs();
});
afterEach(async () => {
  await bulk.database.close();
  await oneByOne.database.close();
});

const entriesOf = (l: typeof bulk): BulkInput[] =>
  NEW.map(([p, date, unplayed]) => ({
    customerId: l.pairs[p].customer.id,
    casinoId: l.pairs[p].casino.id,
    transactionTypeId: l.pairs[p].type.id,
    unplayedCoinsChange: unplayed,
    playedCoinsChange: 1,
    usdChange: -100,
    date,
    scRatio: 1000,
  }));

describe('insertMany', () => {
  it('lands out-of-order rows across pairs with the after-values, balances and totals of the same rows entered one by one', async () => {
    const sqlite = sqliteOf(bulk.database.db);
    const audited: number[] = [];
    const outcome = sqlite.transaction(() =>
      insertMany(ledgerStatements(sqlite), BulkRows.of(entriesOf(bulk)), {
        userId: bulk.userId,
        at: '2026-11-20T12:00:00.000Z',
        inserted: (id) => audited.push(id),
      }),
    )();
    expect(outcome).toEqual({ inserted: 8, duplicates: 0 });
    // Inserted in date order: the ids grow with the date.
    expect(audited).toEqual([...audited].sort((a, b) => a - b));
    expect(audited).toHaveLength(8);

    for (const e of entriesOf(oneByOne)) {
      const { date, scRatio: _r, ...f } = e;
      await createEntry(oneByOne.database.db, { ...f, occurredAt: date }, { userId: oneByOne.userId });
    }
    expect(inOrder(bulk.database)).toEqual(inOrder(oneByOne.database));
    expect(kept(bulk.database)).toEqual(kept(oneByOne.database));
    expect(await checkLedger(bulk.database.db)).toEqual(sound);

    // The values themselves, pair 0: 5, 1000, 11 and 13 after the stored 2000 of the same instant (higher ids), 2000, 7, 3000.
    const pair0 = inOrder(bulk.database).filter((r) => r.customerName === 'Bulk 0');
    expect(pair0.map((r) => [r.unplayedCoinsChange, r.unplayedCoinsAfter, r.playedCoinsAfter])).toEqual([
      [5, 5, 1],
      [1000, 1005, 2],
      [2000, 3005, 3],
      [11, 3016, 4],
      [13, 3029, 5],
      [7, 3036, 6],
      [3000, 6036, 7],
    ]);
    const rows = sqliteOf(bulk.database.db)
      .prepare(`select "createdByUserId" u, "createdAt" a from transactions where id in (${audited.join(',')})`)
      .all();
    expect(rows).toEqual(audited.map(() => ({ u: bulk.userId, a: '2026-11-20T12:00:00.000Z' })));
  });

  it('skips a row equal to a stored one once per stored copy, and without a write only counts', async () => {
    const sqlite = sqliteOf(bulk.database.db);
    const { customer, casino, type } = bulk.pairs[0];
    const copy: BulkInput = {
      customerId: customer.id,
      casinoId: casino.id,
      transactionTypeId: type.id,
      unplayedCoinsChange: 2000,
      playedCoinsChange: 1,
      usdChange: -100,
      date: '2026-11-12T10:00:00.000Z',
      scRatio: 1000,
    };
    const before = inOrder(bulk.database);
    expect(insertMany(ledgerStatements(sqlite), BulkRows.of([copy, copy, { ...copy, usdChange: -101 }]), null)).toEqual({
      inserted: 2,
      duplicates: 1,
    });
    expect(inOrder(bulk.database)).toEqual(before);
    const outcome = sqlite.transaction(() =>
      insertMany(ledgerStatements(sqlite), BulkRows.of([copy, copy]), {
        userId: null,
        at: '2026-11-20T12:00:00.000Z',
        inserted: () => {},
      }),
    )();
    expect(outcome).toEqual({ inserted: 1, duplicates: 1 });
    expect(
      inOrder(bulk.database)
        .filter((r) => r.unplayedCoinsChange === 2000)
        .map((r) => r.unplayedCoinsAfter),
    ).toEqual([3000, 5000]);
    expect(await checkLedger(bulk.database.db)).toEqual(sound);
  });
});
