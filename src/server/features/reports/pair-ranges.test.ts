import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database';
import { createTestDatabase } from '../../testing/test-db';
import { keptFigures } from '../transactions/kept-figures';
import { type PairTotal, PairRanges } from './pair-ranges';

let database: OpenedDatabase;
let seed = 7;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const dateAt = () => new Date(START + between(0, 60 * DAY)).toISOString();

/** Three customers at two casinos, every pair linked; rows written straight to the table, each recorded in the feed as the ledger records its own. */
function prepare() {
  const { sqlite } = database;
  const now = new Date().toISOString();
  for (const name of ['Ann', 'Bob', 'Cy'])
    sqlite.prepare('insert into customers (name, isActive, createdAt) values (?, 1, ?)').run(name, now);
  for (const name of ['Lucky', 'Star'])
    sqlite.prepare('insert into casinos (name, isActive, scRatio, createdAt) values (?, 1, 1000, ?)').run(name, now);
  for (const casinoId of [1, 2]) sqlite.prepare('insert into transactionTypes (name, casinoId) values (?, ?)').run('Purchase', casinoId);
  sqlite.prepare('insert into transactionTypes (name, casinoId) values (?, ?)').run('Bonus', 1);
  for (const customerId of [1, 2, 3])
    for (const casinoId of [1, 2])
      sqlite.prepare('insert into customerCasinos (customerId, casinoId) values (?, ?)').run(customerId, casinoId);
}

/** What the ledger's code records for a transaction it writes (kept-figures.ts, decision 130). */
const fed = (id: number | bigint) => keptFigures(database.sqlite).transactionChanged(Number(id));

function insert(n: number) {
  const stmt = database.sqlite
    .prepare(`insert into transactions (date, customerId, casinoId, transactionTypeId, unplayedCoinsChange, playedCoinsChange, usdChange,
    unplayedCoinsAfter, playedCoinsAfter, totalCoinsAfter, createdAt, updatedAt) values (?, ?, ?, ?, 0, 0, ?, 0, 0, 0, ?, ?)`);
  for (let i = 0; i < n; i++) {
    const casinoId = between(1, 2);
    const date = dateAt();
    fed(stmt.run(date, between(1, 3), casinoId, casinoId, between(-50_000, 50_000), date, date).lastInsertRowid);
  }
}

function ids(): number[] {
  return database.sqlite.prepare('select id from transactions').pluck().all() as number[];
}

/** Random edits of date, pair and amount, and deletes, of existing rows. */
function change(n: number) {
  const all = ids();
  for (let i = 0; i < n && all.length; i++) {
    const id = all[between(0, all.length - 1)];
    fed(id);
    const roll = rand();
    if (roll < 0.3) database.sqlite.prepare('delete from transactions where id = ?').run(id);
    else if (roll < 0.6) database.sqlite.prepare('update transactions set date = ? where id = ?').run(dateAt(), id);
    else if (roll < 0.8) database.sqlite.prepare('update transactions set usdChange = ? where id = ?').run(between(-9_999, 9_999), id);
    else if (roll < 0.9) database.sqlite.prepare('update transactions set transactionTypeId = ? where id = ?').run(between(1, 3), id);
    else {
      const casinoId = between(1, 2);
      database.sqlite
        .prepare('update transactions set customerId = ?, casinoId = ?, transactionTypeId = ? where id = ?')
        .run(between(1, 3), casinoId, casinoId, id);
    }
  }
}

/** The same totals from SQLite, grouping every matching row. */
function recomputed(from: string, to: string, customerId?: number): PairTotal[] {
  return database.sqlite
    .prepare(
      `select customerId, casinoId, sum(usdChange) usd, count(*) n from transactions
       where date >= ? and date < ? and (? is null or customerId = ?) group by customerId, casinoId`,
    )
    .all(from, to, customerId ?? null, customerId ?? null) as PairTotal[];
}

/** The Transaction types cards' figures from SQLite over the same span. */
function typesRecomputed(from: string, to: string) {
  const byType = new Map(
    (
      database.sqlite
        .prepare('select transactionTypeId t, count(*) n, sum(usdChange) usd from transactions where date >= ? and date < ? group by 1')
        .all(from, to) as { t: number; n: number; usd: number }[]
    ).map((r) => [r.t, { transactionCount: r.n, usdTotal: r.usd }]),
  );
  const all = database.sqlite
    .prepare(
      'select count(*) n, coalesce(sum(usdChange), 0) usd, count(distinct customerId) c from transactions where date >= ? and date < ?',
    )
    .get(from, to) as { n: number; usd: number; c: number };
  return { byType, customers: all.c, transactionCount: all.n, usdTotal: all.usd };
}

const sorted = (rows: PairTotal[]) => [...rows].sort((a, b) => a.customerId - b.customerId || a.casinoId - b.casinoId);

function expectSame(ranges: PairRanges) {
  for (let k = 0; k < 6; k++) {
    const a = START + between(-2, 62) * DAY + between(0, DAY);
    const b = a + between(0, 40) * DAY;
    const [from, to] = [new Date(a).toISOString(), new Date(b).toISOString()];
    const customerId = rand() < 0.3 ? between(1, 3) : undefined;
    expect(sorted(ranges.totals({ from, to }, { customerId }))).toEqual(sorted(recomputed(from, to, customerId)));
    expect(ranges.types({ from, to })).toEqual(typesRecomputed(from, to));
  }
  const whole = ranges.totals({}, {});
  expect(whole.reduce((n, p) => n + p.n, 0)).toBe(ids().length);
}

beforeEach(async () => {
  database = await createTestDatabase();
  prepare();
});
afterEach(() => database.close());

describe('PairRanges', () => {
  it('matches SQLite grouping the rows by pair and by type, through inserts, edits of date, pair, type and amount, deletes, merges and rebuilds', () => {
    insert(300);
    const ranges = new PairRanges(database.sqlite, { mergeAfter: 40, rebuildAfter: 150 });
    expectSame(ranges);
    for (let round = 0; round < 25; round++) {
      if (round % 3 === 0) insert(between(1, 30));
      change(between(1, 25));
      if (round === 20) change(200);
      expectSame(ranges);
    }
    expect(ranges.stats.builds).toBeGreaterThanOrEqual(2);
    expect(ranges.stats.follows).toBeGreaterThan(10);
    expect(ranges.stats.merges).toBeGreaterThan(0);
  });

  it('answers nothing for an empty ledger and a span with no rows', () => {
    const ranges = new PairRanges(database.sqlite);
    expect(ranges.totals({}, {})).toEqual([]);
    insert(5);
    expect(ranges.totals({ from: '2027-01-01T00:00:00.000Z', to: '2027-02-01T00:00:00.000Z' }, {})).toEqual([]);
    expect(ranges.totals({}, {}).reduce((n, p) => n + p.n, 0)).toBe(5);
  });

  it('counts a row at the start of a span and not one at its end, in the columns and among the changed rows', () => {
    const at = '2026-03-01T05:00:00.000Z';
    const write = () =>
      database.sqlite
        .prepare(
          `insert into transactions (date, customerId, casinoId, transactionTypeId, unplayedCoinsChange, playedCoinsChange, usdChange,
          unplayedCoinsAfter, playedCoinsAfter, totalCoinsAfter, createdAt, updatedAt) values (?, 1, 1, 1, 0, 0, 1234, 0, 0, 0, ?, ?)`,
        )
        .run(at, at, at).lastInsertRowid;
    const ranges = new PairRanges(database.sqlite);
    fed(write());
    for (const pass of [1, 2]) {
      expect(ranges.totals({ from: at, to: '2026-03-01T05:00:00.001Z' }, {})).toEqual([
        { customerId: 1, casinoId: 1, usd: 1234 * pass, n: pass },
      ]);
      expect(ranges.totals({ from: '2026-03-01T00:00:00.000Z', to: at }, {})).toEqual([]);
      fed(write()); // the second pass reads one row from the columns and one from the changed rows
    }
  });
});
