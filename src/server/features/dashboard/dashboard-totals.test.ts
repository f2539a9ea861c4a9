import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayStartUtc, nextDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import type { Db } from '../../db/types';
import { entryOf, pairFixture } from '../../testing/fixtures';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { createEntry, deleteEntry, editEntry } from '../transactions/ledger';
import { lastDays, scByCasino, usdPerDay } from './dashboard.repository';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer({ timeZone: 'UTC' });
});
afterEach(() => s.stop());

const NOW = new Date('2026-03-10T12:00:00.000Z');
// Whole-hour, half-hour and 45-minute offsets, and a zone whose clocks change inside the 90 days.
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'];

let seed = 7;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;

/** The chart as the date index gives it: one range sum per office day (what the kept hours must equal). */
async function direct(db: Db, zone: string) {
  const out = [];
  for (const day of lastDays(90, zone, NOW)) {
    const row = await db
      .selectFrom('transactions')
      .select([sql<number>`coalesce(sum("usdChange"), 0)`.as('usd'), sql<number>`count(*)`.as('entries')])
      .where('date', '>=', dayStartUtc(day, zone))
      .where('date', '<', dayStartUtc(nextDay(day), zone))
      .executeTakeFirstOrThrow();
    out.push({ day, usd: formatHundredths(row.usd), entries: row.entries });
  }
  return out;
}

describe('the Dashboard charts from kept totals (decision 025)', () => {
  it('gives every zone the same days as the date index, through entries, date and amount edits and deletes', async () => {
    const db = s.database.db;
    const admin = await s.addUser('admin');
    const pairs = [await pairFixture(db), await pairFixture(db)];
    // Instants at and around every zone's day starts, and random ones, over 95 days.
    const instants: number[] = [];
    for (const zone of ZONES) {
      for (const day of lastDays(95, zone, NOW).filter((_, i) => i % 7 === 0)) {
        const start = Date.parse(dayStartUtc(day, zone));
        instants.push(start - 1, start, start + 1);
      }
    }
    for (let i = 0; i < 150; i++) instants.push(NOW.getTime() - Math.floor(rand() * 95 * 86_400_000));
    const ids: number[] = [];
    for (const [i, at] of instants.entries()) {
      const p = pairs[i % 2];
      const input = entryOf(p, { unplayedCoinsChange: 100, usdChange: 1 + Math.floor(rand() * 5000) });
      ids.push(await createEntry(db, input, { userId: admin.id, now: new Date(at) }));
    }
    for (const id of ids.filter((_, i) => i % 5 === 0)) {
      const p = pairs[id % 2];
      const occurredAt = new Date(NOW.getTime() - Math.floor(rand() * 95 * 86_400_000)).toISOString();
      await editEntry(
        db,
        id,
        {
          customerId: p.customer.id,
          casinoId: p.casino.id,
          transactionTypeId: p.type.id,
          unplayedCoinsChange: 100,
          playedCoinsChange: 0,
          usdChange: -7,
          occurredAt,
        },
        { userId: admin.id },
      );
    }
    for (const id of ids.filter((_, i) => i % 9 === 4)) await deleteEntry(db, id, admin.id);

    for (const zone of ZONES) expect(await usdPerDay(db, zone, NOW), zone).toEqual(await direct(db, zone));
    const days = await usdPerDay(db, 'Asia/Kathmandu', NOW);
    expect(days.reduce((n, d) => n + d.entries, 0)).toBeGreaterThan(100);
    expect(ledgerIsSound(await checkLedger(db))).toBe(true);
  });

  it('sums each casino from its kept balances, as the links give them', async () => {
    const db = s.database.db;
    const admin = await s.addUser('admin');
    const a = await pairFixture(db, { casinoName: 'Lucky' });
    const b = await pairFixture(db, { casinoName: 'Star' });
    const add = (p: typeof a, unplayed: number, played: number) =>
      createEntry(db, entryOf(p, { unplayedCoinsChange: unplayed, playedCoinsChange: played }), { userId: admin.id });
    await add(a, 1_000_001, 2);
    const id = await add(b, 500_000, 0);
    await add(a, -1, 48);
    await editEntry(db, id, entryOf(b, { unplayedCoinsChange: 2_500_000 }), { userId: admin.id });
    expect(await scByCasino(db)).toEqual([
      { casinoId: b.casino.id, casinoName: 'Star', unplayed: '25000.00', played: '0.00', total: '25000.00' },
      { casinoId: a.casino.id, casinoName: 'Lucky', unplayed: '10000.00', played: '0.50', total: '10000.50' },
    ]);
  });

  it('finds kept hours or casino sums that drifted from the rows', async () => {
    const db = s.database.db;
    const admin = await s.addUser('admin');
    const p = await pairFixture(db);
    await createEntry(db, entryOf(p, { unplayedCoinsChange: 100, usdChange: 5 }), {
      userId: admin.id,
      now: new Date('2026-03-01T10:20:00.000Z'),
    });
    expect((await checkLedger(db)).badTotals).toEqual([]);
    await sql`update "hourTotals" set "usdTotal" = "usdTotal" + 1`.execute(db);
    await sql`update "casinoBalances" set "playedCoins" = "playedCoins" + 1`.execute(db);
    expect((await checkLedger(db)).badTotals).toEqual(['hourTotals 2026-03-01T10', `casinoBalances ${p.casino.id}`]);
  });
});
