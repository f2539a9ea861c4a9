import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OpenedDatabase, sqliteOf } from '../../db/database';
import { DomainError } from '../../errors/domain-errors';
import { createTestDatabase } from '../../testing/test-db';
import { insertCasino } from '../casinos/casinos.repository';
import { recordCheckIn } from '../check-ins/check-in-step';
import { rebuildCheckIns } from '../check-ins/check-in-days';
import { setLinkStatus } from '../customer-casinos/customer-casinos.repository';
import { reconcileLink } from '../customer-casinos/reconcile-step';
import { insertCustomer } from '../customers/customers.repository';
import { closeRedemption, receiveRedemption, requestRedemption } from '../redemptions/redemption-steps';
import { LinkBalances } from '../reports/link-balances';
import { PairRanges } from '../reports/pair-ranges';
import { insertType } from '../transaction-types/transaction-types.repository';
import { insertUser } from '../users/users.repository';
import { checkLedger } from './invariants';
import { createEntry, deleteEntry, editEntry, restoreEntry } from './ledger';
import { BulkRows, insertMany } from './ledger-bulk';
import { ledgerStatements } from './ledger-statements';

// Every kept figure, change feed and in-memory store (docs/architecture.md, "Derived data") must equal a
// recomputation from scratch after any mix of the write paths that change them (decision 130).

const sound = { badLinks: [], badTransactions: [], badTotals: [], orphans: 0 };
const CUSTOMERS = 4;
const CASINOS = 3;
const DAY = 86_400_000;
const START = Date.parse('2026-11-01T00:00:00.000Z');
const NOW = new Date('2026-11-25T12:00:00.000Z');

let database: OpenedDatabase;
let sqlite: SQLite.Database;
let admin: { id: number; role: string };
const customers: number[] = [];
const casinos: number[] = [];
const purchase = new Map<number, number>();

beforeEach(async () => {
  database = await createTestDatabase();
  sqlite = sqliteOf(database.db);
  const user = await insertUser(database.db, { email: 'k@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'admin' });
  admin = { id: user.id, role: 'admin' };
  customers.length = 0;
  casinos.length = 0;
  for (let i = 0; i < CUSTOMERS; i++) customers.push((await insertCustomer(database.db, { name: `Customer ${i}`, email: null })).id);
  for (let i = 0; i < CASINOS; i++) {
    const casino = await insertCasino(database.db, { name: `Casino ${i}`, website: null, isActive: true, scRatio: 1000 });
    casinos.push(casino.id);
    purchase.set(casino.id, (await insertType(database.db, { name: 'Purchase', casinoId: casino.id })).id);
  }
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

/** The check-in days as kept, and as rebuilt from the transactions alone (the rebuild taken back). */
function checkInDays() {
  const read = () => ({
    days: sqlite.prepare('select * from "checkIns" order by "customerId", "casinoId", day').all(),
    links: sqlite
      .prepare('select "customerId", "casinoId", "lastCheckInDay", "lastCheckInAt", "checkInStreak" from "customerCasinos" order by 1, 2')
      .all(),
  });
  const kept = read();
  sqlite.exec('savepoint recompute');
  rebuildCheckIns(sqlite, 'UTC');
  const fresh = read();
  sqlite.exec('rollback to recompute; release recompute');
  return { kept, fresh };
}

/** What the in-memory stores hold and what SQLite gives over every row. */
function stores(ranges: PairRanges, balances: LinkBalances) {
  const byPair = (a: { customerId: number; casinoId: number }, b: { customerId: number; casinoId: number }) =>
    a.customerId - b.customerId || a.casinoId - b.casinoId;
  const floor = 1_000;
  return {
    held: { pairs: ranges.totals({}, {}).sort(byPair), above: balances.above(floor), at: [...balances.linksAt([casinos[0], casinos[1]])] },
    fresh: {
      pairs: sqlite
        .prepare('select "customerId", "casinoId", sum("usdChange") usd, count(*) n from transactions group by 1, 2 order by 1, 2')
        .all(),
      above: sqlite
        .prepare(
          `select count(*) accounts, count(distinct "customerId") customers, coalesce(sum(("currentUnplayedCoins" + "currentPlayedCoins" + 500) / 1000), 0) usd
           from "customerCasinos" where "currentUnplayedCoins" + "currentPlayedCoins" > ?`,
        )
        .get(floor),
      at: (() => {
        const counts = new Array<number>(balances.linksAt([]).length).fill(0);
        const rows = sqlite
          .prepare<[number, number], { customerId: number }>('select "customerId" from "customerCasinos" where "casinoId" in (?, ?)')
          .all(casinos[0], casinos[1]);
        for (const r of rows) counts[r.customerId] += 1;
        return counts;
      })(),
    },
  };
}

/** Each reconciliation's kept ledger balance at its moment, and the same summed from the transactions. */
function reconciliationMoments() {
  type Moment = { id: number; unplayed: number; played: number };
  const kept = sqlite
    .prepare<[], Moment>('select id, "ledgerUnplayed" as unplayed, "ledgerPlayed" as played from reconciliations order by id')
    .all();
  const fresh = sqlite
    .prepare<[], Moment>(
      `select r.id, coalesce(sum(t."unplayedCoinsChange"), 0) as unplayed, coalesce(sum(t."playedCoinsChange"), 0) as played
       from reconciliations r left join transactions t on t."customerId" = r."customerId" and t."casinoId" = r."casinoId" and t.date <= r.at
       group by r.id order by r.id`,
    )
    .all();
  return { kept, fresh };
}

describe('kept figures', () => {
  it('equal a recomputation after random entries, edits, moves, deletes, restores, imports, redemption steps, check-ins, reconciliations and new links', async () => {
    const random = prng(28);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const amount = (max: number) => Math.round((random() * 2 - 1) * max);
    const dateAt = () => new Date(START + Math.floor(random() * 20 * DAY)).toISOString();
    const db = database.db;
    const ranges = new PairRanges(sqlite, { mergeAfter: 15, rebuildAfter: 60 });
    const balances = new LinkBalances(sqlite);
    const linked: [number, number][] = [];
    const link = async (customerId: number, casinoId: number) => {
      if (linked.some(([c, k]) => c === customerId && k === casinoId)) return false;
      await setLinkStatus(db, customerId, casinoId, 'active');
      linked.push([customerId, casinoId]);
      return true;
    };
    await link(customers[0], casinos[0]);
    await link(customers[1], casinos[1]);
    // The stores are built now and must follow the feeds from here on.
    expect(ranges.totals({}, {})).toEqual([]);
    expect(balances.above(-1)).toMatchObject({ accounts: 2 });

    const entry = () => {
      const [customerId, casinoId] = pick(linked);
      return {
        customerId,
        casinoId,
        transactionTypeId: purchase.get(casinoId)!,
        unplayedCoinsChange: Math.abs(amount(500_000)) - 100_000,
        playedCoinsChange: amount(50_000),
        usdChange: amount(20_000),
      };
    };
    const ids = () => sqlite.prepare('select id from transactions').pluck().all() as number[];
    const deleted = () => sqlite.prepare('select id from "deletedTransactions"').pluck().all() as number[];
    const pending = () => sqlite.prepare(`select id from redemptions where status = 'pending'`).pluck().all() as number[];
    const done = new Map<string, number>();
    const SKIP = Symbol('nothing to pick');
    /** `write` with one of `list`, or SKIP when the list is empty. */
    const withOne = async <T>(list: T[], write: (one: T) => Promise<unknown>) => (list.length ? write(pick(list)) : SKIP);
    const ops: Record<string, () => Promise<unknown>> = {
      create: () => createEntry(db, { ...entry(), occurredAt: dateAt() }, { userId: admin.id, now: NOW }),
      edit: () =>
        withOne(ids(), (id) =>
          editEntry(db, id, { ...entry(), occurredAt: random() < 0.5 ? dateAt() : undefined }, { userId: admin.id, now: NOW }),
        ),
      delete: () => withOne(ids(), (id) => deleteEntry(db, id, admin.id, NOW)),
      restore: () => withOne(deleted(), (id) => restoreEntry(db, id, admin, NOW)),
      import: async () => {
        const rows = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({ ...entry(), date: dateAt(), scRatio: 1000 }));
        sqlite.transaction(() =>
          insertMany(ledgerStatements(sqlite), BulkRows.of(rows), { userId: admin.id, at: NOW.toISOString(), inserted: () => {} }),
        )();
      },
      request: () => {
        const [customerId, casinoId] = pick(linked);
        return requestRedemption(db, { customerId, casinoId, unplayedCoins: Math.abs(amount(50_000)), expectedUsd: 5_000 }, admin.id, NOW);
      },
      receive: () =>
        withOne(pending(), (id) =>
          receiveRedemption(db, { id, usdReceived: Math.abs(amount(9_000)) }, { userId: admin.id, timeZone: 'UTC', now: NOW }),
        ),
      close: () =>
        withOne(pending(), (id) =>
          closeRedemption(db, { id, status: random() < 0.5 ? 'rejected' : 'cancelled', note: null }, { userId: admin.id, now: NOW }),
        ),
      checkIn: () => {
        const [customerId, casinoId] = pick(linked);
        const date = dateAt().slice(0, 10);
        return recordCheckIn(
          db,
          { customerId, casinoId, unplayedCoins: Math.abs(amount(5_000)) + 1, date, correction: true },
          { userId: admin.id, timeZone: 'UTC', now: NOW },
        );
      },
      reconcile: () => {
        const [customerId, casinoId] = pick(linked);
        const shown = { unplayed: amount(900_000), played: Math.abs(amount(90_000)), note: null };
        return reconcileLink(db, { pair: { customerId, casinoId }, shown }, { userId: admin.id, now: NOW });
      },
      link: async () => ((await link(pick(customers), pick(casinos))) ? true : SKIP),
    };
    const kinds = Object.keys(ops);
    // Redemptions are requested and settled more often, so each step runs many times.
    const weighted = [...kinds, 'request', 'request', 'receive', 'receive'];
    for (let round = 0; round < 8; round++) {
      for (let step = 0; step < 25; step++) {
        const kind = pick(weighted);
        try {
          if ((await ops[kind]()) !== SKIP) done.set(kind, (done.get(kind) ?? 0) + 1);
        } catch (error) {
          // A refusal (a balance too low, a redemption's own entry, nothing left to pick) writes nothing.
          if (!(error instanceof DomainError)) throw error;
        }
      }
      expect(await checkLedger(db), `round ${round}`).toEqual(sound);
      const days = checkInDays();
      expect(days.kept, `round ${round}`).toEqual(days.fresh);
      const held = stores(ranges, balances);
      expect(held.held, `round ${round}`).toEqual(held.fresh);
      const moments = reconciliationMoments();
      expect(moments.kept, `round ${round}`).toEqual(moments.fresh);
    }
    expect(reconciliationMoments().kept.length).toBeGreaterThan(1);
    // Every write path ran, more than once.
    for (const kind of kinds) expect(done.get(kind) ?? 0, kind).toBeGreaterThan(1);
    expect(ranges.stats.follows).toBeGreaterThan(0);
    expect(balances.stats.follows).toBeGreaterThan(0);
  });
});
