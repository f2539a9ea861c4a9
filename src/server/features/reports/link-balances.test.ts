import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database';
import { createTestDatabase } from '../../testing/test-db';
import { LINK_STATUSES } from '../../../shared/constants';
import { keptFigures } from '../transactions/kept-figures';
import { LinkBalances } from './link-balances';
import { participation, participationSummary } from './participation';

let database: OpenedDatabase;
let seed = 11;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const CUSTOMERS = 6;
const CASINOS = 4;

function prepare() {
  const { sqlite } = database;
  const now = new Date().toISOString();
  for (let i = 1; i <= CUSTOMERS; i++)
    sqlite.prepare('insert into customers (name, isActive, createdAt) values (?, 1, ?)').run(`C${i}`, now);
  for (let i = 1; i <= CASINOS; i++)
    sqlite.prepare('insert into casinos (name, isActive, scRatio, createdAt) values (?, 1, 1000, ?)').run(`K${i}`, now);
}

const run = (sql: string, ...args: unknown[]) => database.sqlite.prepare(sql).run(...args);
/** What the ledger's code records for a link it writes (kept-figures.ts, decision 130). */
const fed = (customerId: number, casinoId: number) => keptFigures(database.sqlite).linkChanged(customerId, casinoId);

/** Random link writes straight to the table, each recorded in the feed as the write paths record theirs. */
function change(n: number) {
  for (let i = 0; i < n; i++) {
    const [customerId, casinoId] = [between(1, CUSTOMERS), between(1, CASINOS)];
    fed(customerId, casinoId);
    const roll = rand();
    if (roll < 0.25) {
      run(
        'insert or ignore into customerCasinos (customerId, casinoId, currentUnplayedCoins, currentPlayedCoins) values (?, ?, ?, ?)',
        customerId,
        casinoId,
        between(-5_000_000, 90_000_000),
        between(0, 9_000_000),
      );
    } else if (roll < 0.35) run('delete from customerCasinos where customerId = ? and casinoId = ?', customerId, casinoId);
    else if (roll < 0.85) {
      run(
        'update customerCasinos set currentUnplayedCoins = ?, currentPlayedCoins = ? where customerId = ? and casinoId = ?',
        between(-5_000_000, 90_000_000),
        between(0, 9_000_000),
        customerId,
        casinoId,
      );
    } else {
      // A merge moves a link to another customer (when that one has none at the casino).
      const to = between(1, CUSTOMERS);
      run('update or ignore customerCasinos set customerId = ? where customerId = ? and casinoId = ?', to, customerId, casinoId);
      fed(to, casinoId);
    }
  }
}

/** The cards as SQLite computes them over every link. */
function recomputed(floor: number) {
  return database.sqlite
    .prepare(
      `select count(*) accounts, count(distinct customerId) customers,
         coalesce(sum((currentUnplayedCoins + currentPlayedCoins + 500) / 1000), 0) usd
       from customerCasinos where currentUnplayedCoins + currentPlayedCoins > ?`,
    )
    .get(floor);
}

function expectSame(balances: LinkBalances) {
  for (const floor of [-1, 0, 1_000_000, between(0, 60_000_000), between(0, 99_000_000), 200_000_000]) {
    expect(balances.above(floor), `floor ${floor}`).toEqual(recomputed(floor));
  }
}

/** Participation's cards for `master` from their definitions (spec 2.16, decision 041), in SQL. */
function participationRecomputed(master: number) {
  const casinos = database.sqlite
    .prepare(
      `select m.casinoId from customerCasinos m join casinos k on k.id = m.casinoId
       where m.customerId = ? and m.status = 'active' and k.isActive = 1`,
    )
    .pluck()
    .all(master) as number[];
  const compared = database.sqlite.prepare('select id from customers where id <> ? and isActive = 1').pluck().all(master) as number[];
  const registered = compared.map(
    (c) =>
      (database.sqlite.prepare('select casinoId from customerCasinos where customerId = ?').pluck().all(c) as number[]).filter((k) =>
        casinos.includes(k),
      ).length,
  );
  const complete = casinos.length === 0 ? compared.length : registered.filter((n) => n === casinos.length).length;
  return {
    customersAnalyzed: compared.length,
    needRegistration: compared.length - complete,
    totalMissing: compared.length * casinos.length - registered.reduce((a, b) => a + b, 0),
    totalCasinos: casinos.length,
  };
}

/** Participation's rows for `master` from their definitions, in SQL: each compared customer and the master's casinos it misses. */
function participationRowsRecomputed(master: number) {
  const casinos = database.sqlite
    .prepare(
      `select k.id, k.name from customerCasinos m join casinos k on k.id = m.casinoId
       where m.customerId = ? and m.status = 'active' and k.isActive = 1 order by k.name`,
    )
    .all(master) as { id: number; name: string }[];
  const compared = database.sqlite
    .prepare('select id from customers where id <> ? and isActive = 1 order by name, id')
    .pluck()
    .all(master) as number[];
  const linked = database.sqlite.prepare('select 1 from customerCasinos where customerId = ? and casinoId = ?').pluck();
  return compared.map((c) => ({
    customerId: c,
    totalCasinos: casinos.length,
    missing: casinos.filter((k) => linked.get(c, k.id) === undefined).map((k) => k.name),
  }));
}

/** Now and then a customer or casino is switched off or on, or a link's status changes. */
function toggle() {
  const roll = rand();
  if (roll < 0.3) run('update customers set isActive = 1 - isActive where id = ?', between(1, CUSTOMERS));
  else if (roll < 0.5) run('update casinos set isActive = 1 - isActive where id = ?', between(1, CASINOS));
  else {
    const status = LINK_STATUSES[between(0, LINK_STATUSES.length - 1)];
    run('update customerCasinos set status = ? where customerId = ? and casinoId = ?', status, between(1, CUSTOMERS), between(1, CASINOS));
  }
}

beforeEach(async () => {
  database = await createTestDatabase();
  prepare();
});
afterEach(() => database.close());

describe('LinkBalances', () => {
  it('matches SQLite over every link, through new links, balance changes, moves to another customer and deletes', () => {
    change(30);
    const balances = new LinkBalances(database.sqlite);
    expectSame(balances);
    for (let round = 0; round < 40; round++) {
      change(between(1, 8));
      expectSame(balances);
    }
    expect(balances.stats.builds).toBe(1);
    expect(balances.stats.follows).toBeGreaterThan(30);
  });

  it('reads every link again when the feed no longer reaches back to what it has', () => {
    change(20);
    const balances = new LinkBalances(database.sqlite);
    expectSame(balances);
    change(10);
    // The feed keeps only the newest entries: a reader further behind than that cannot follow.
    const last = database.sqlite.prepare('select max(seq) from linkChanges').pluck().get() as number;
    run('delete from linkChanges where seq < ?', last);
    expectSame(balances);
    expect(balances.stats.builds).toBe(2);
  });

  it('gives the Participation cards their definitions give, for every master, through link, status and activity changes', async () => {
    change(30);
    for (let round = 0; round < 30; round++) {
      change(between(1, 6));
      toggle();
      for (let master = 1; master <= CUSTOMERS; master++) {
        expect(await participationSummary(database.db, master), `round ${round}, master ${master}`).toEqual(
          participationRecomputed(master),
        );
      }
    }
  });

  it("gives each Participation row the master's casinos its customer misses, through link, status and activity changes", async () => {
    change(30);
    for (let round = 0; round < 30; round++) {
      change(between(1, 6));
      toggle();
      for (let master = 1; master <= CUSTOMERS; master++) {
        const rows = (await participation(database.db, master)).map((r) => ({
          customerId: r.customerId,
          totalCasinos: r.totalCasinos,
          missing: r.missingCasinos.map((k) => k.name),
        }));
        expect(rows, `round ${round}, master ${master}`).toEqual(participationRowsRecomputed(master));
      }
    }
  });

  it('counts nothing without links and a customer once across casinos', () => {
    const balances = new LinkBalances(database.sqlite);
    expect(balances.above(0)).toEqual({ accounts: 0, customers: 0, usd: 0 });
    run('insert into customerCasinos (customerId, casinoId, currentUnplayedCoins) values (1, 1, 149_999), (1, 2, 150_000), (2, 1, 0)');
    for (const [c, k] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ])
      fed(c, k);
    // (149,999 + 500) / 1000 = 150 and (150,000 + 500) / 1000 = 150 hundredths of a dollar.
    expect(balances.above(0)).toEqual({ accounts: 2, customers: 1, usd: 300 });
    expect(balances.above(149_999)).toEqual({ accounts: 1, customers: 1, usd: 150 });
  });
});
