import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { entryOf, pairFixture } from '../../testing/fixtures';
import { createEntry } from '../transactions/ledger';
import { entriesByStaff, lastDays, scByCasino, usdPerDay, weekStart } from './dashboard.repository';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer({ timeZone: 'America/New_York' });
});
afterEach(() => s.stop());

const NY = 'America/New_York';
// Tuesday 3 March 2026, 10:00 in New York.
const NOW = new Date('2026-03-03T15:00:00.000Z');

async function ledger() {
  const admin = await s.addUser('admin');
  const staff = await s.addUser('staff');
  const a = await pairFixture(s.database.db, { casinoName: 'Lucky' });
  const b = await pairFixture(s.database.db, { casinoName: 'Star' });
  const add = (pair: typeof a, userId: number, unplayed: number, played: number, usd: number, date: string) =>
    createEntry(s.database.db, entryOf(pair, { unplayedCoinsChange: unplayed, playedCoinsChange: played, usdChange: usd }), {
      userId,
      now: new Date(date),
    });
  await add(a, admin.id, 2_200_000, 0, -2_000, '2026-03-01T04:59:59.999Z'); // 28 Feb in New York
  await add(a, staff.id, 0, 50_000, 1_050, '2026-03-01T05:00:00.000Z'); // 1 Mar
  await add(b, staff.id, 10_000_000, 0, -10_000, '2026-03-02T05:00:00.000Z'); // Monday 2 Mar, this week
  await add(b, staff.id, -100, 100, 25, '2026-03-03T14:00:00.000Z'); // Tuesday 3 Mar
  await add(a, admin.id, 0, 0, 1, '2025-12-03T12:00:00.000Z'); // 90 days back: 4 Dec is the first day shown
  return { admin, staff };
}

describe('dashboard charts', () => {
  it('sums USD per office day over the last 90 days, every day present', async () => {
    await ledger();
    const days = await usdPerDay(s.database.db, NY, NOW);
    expect(days).toHaveLength(90);
    expect(days[0].day).toBe('2025-12-04');
    expect(days[89]).toEqual({ day: '2026-03-03', usd: '0.25', entries: 1 });
    const byDay = Object.fromEntries(days.map((d) => [d.day, [d.usd, d.entries]]));
    expect(byDay['2026-02-28']).toEqual(['-20.00', 1]);
    expect(byDay['2026-03-01']).toEqual(['10.50', 1]);
    expect(byDay['2026-03-02']).toEqual(['-100.00', 1]);
    expect(byDay['2026-02-27']).toEqual(['0.00', 0]);
    expect(days.reduce((n, d) => n + d.entries, 0)).toBe(4);
  });

  it('sums SC balances per active casino, largest first', async () => {
    await ledger();
    expect(await scByCasino(s.database.db)).toEqual([
      { casinoId: expect.any(Number), casinoName: 'Star', unplayed: '99999.00', played: '1.00', total: '100000.00' },
      { casinoId: expect.any(Number), casinoName: 'Lucky', unplayed: '22000.00', played: '500.00', total: '22500.00' },
    ]);
  });

  it('counts entries per staff member from Monday of the office week', async () => {
    const { staff } = await ledger();
    expect(weekStart(NY, NOW)).toBe('2026-03-02');
    expect(weekStart(NY, new Date('2026-03-02T04:59:59.000Z'))).toBe('2026-02-23'); // Sunday night in New York
    expect(await entriesByStaff(s.database.db, NY, NOW)).toEqual([{ userId: staff.id, name: 'Sam Staff', entries: 2 }]);
    expect(lastDays(3, NY, NOW)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });

  it('answers signed-in callers only, through tRPC', async () => {
    const { staff } = await ledger();
    expect(await s.caller(staff).dashboard.usdPerDay()).toHaveLength(90);
    expect((await s.caller(staff).dashboard.scByCasino()).map((r) => r.casinoName)).toEqual(['Star', 'Lucky']);
    await expect(s.caller(null).dashboard.entriesByStaff()).rejects.toThrow();
  });
});
