import { sql } from 'kysely';
import { dayStartUtc, localDay, nextDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import { SC_CHART_CASINOS } from '../../../shared/schemas/dashboard';
import { USD_CHART_DAYS } from '../../../shared/limits';
import type { Db } from '../../db/types';
import { nameOrEmail } from '../../../shared/names';

/** The office days from `days - 1` days before today up to today, oldest first. */
export function lastDays(days: number, timeZone: string, now: Date): string[] {
  const today = localDay(now, timeZone);
  const out = [today];
  while (out.length < days) {
    const [y, m, d] = out[0].split('-').map(Number);
    out.unshift(new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10));
  }
  return out;
}

const HOUR_MS = 3_600_000;
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** Count and USD of the transactions dated in [from, to) (ISO instants), by the date index: an hour's part. */
async function partOfHour(db: Db, from: number, to: number): Promise<{ entries: number; usd: number }> {
  const row = await db
    .selectFrom('transactions')
    .select([sql<number>`coalesce(sum("usdChange"), 0)`.as('usd'), sql<number>`count(*)`.as('entries')])
    .where('date', '>=', new Date(from).toISOString())
    .where('date', '<', new Date(to).toISOString())
    .executeTakeFirstOrThrow();
  return { entries: Number(row.entries), usd: Number(row.usd) };
}

/**
 * USD change per office day over the last 90 days, every day present (0 when quiet), from the kept
 * per-hour totals (decision 025): each office day is the UTC hours from its start to the next day's. An
 * hour that a day starts inside (zones with a half-hour offset) is split at that instant by the date
 * index, so a day's sum never mixes in the neighbouring one whatever the zone's offset. Each day: its
 * office day (YYYY-MM-DD), the sum of its usdChange as a decimal string, its number of entries.
 */
export async function usdPerDay(db: Db, timeZone: string, now = new Date()) {
  const days = lastDays(USD_CHART_DAYS, timeZone, now);
  const starts = [...days, nextDay(days[days.length - 1])].map((day) => Date.parse(dayStartUtc(day, timeZone)));
  const sums = days.map(() => ({ entries: 0, usd: 0 }));
  const add = (i: number, part: { entries: number; usd: number }) => {
    if (i < 0 || i >= days.length) return;
    sums[i].entries += part.entries;
    sums[i].usd += part.usd;
  };
  const hours = await db
    .selectFrom('hourTotals')
    .select(['hour', 'transactionCount', 'usdTotal'])
    .where('hour', '>=', hourOf(starts[0]))
    .where('hour', '<=', hourOf(starts[starts.length - 1]))
    .orderBy('hour')
    .execute();
  // The day each hour starts in: `at` only moves forward as the hours do.
  let at = 0;
  for (const h of hours) {
    const from = Date.parse(`${h.hour}:00:00.000Z`);
    const to = from + HOUR_MS;
    while (at < starts.length && starts[at] <= from) at += 1;
    const day = at - 1;
    if (at < starts.length && starts[at] < to) {
      // A day starts inside this hour: its two parts go to the days either side of that instant.
      const inside = await partOfHour(db, starts[at], to);
      add(day, { entries: h.transactionCount - inside.entries, usd: h.usdTotal - inside.usd });
      add(at, inside);
    } else add(day, { entries: h.transactionCount, usd: h.usdTotal });
  }
  return days.map((day, i) => ({ day, usd: formatHundredths(sums[i].usd), entries: sums[i].entries }));
}

/** SC balances per active casino (its links' balances, kept summed per casino), the 20 largest. */
export async function scByCasino(db: Db) {
  const rows = await db
    .selectFrom('casinoBalances as b')
    .innerJoin('casinos as k', 'k.id', 'b.casinoId')
    .where('k.isActive', '=', 1)
    .where('b.links', '>', 0)
    .select(['k.id as casinoId', 'k.name as casinoName', 'b.unplayedCoins as unplayed', 'b.playedCoins as played'])
    .orderBy(sql`b."unplayedCoins" + b."playedCoins"`, 'desc')
    .orderBy('k.name')
    .limit(SC_CHART_CASINOS)
    .execute();
  return rows.map((r) => ({
    casinoId: r.casinoId,
    casinoName: r.casinoName,
    unplayed: formatHundredths(r.unplayed),
    played: formatHundredths(r.played),
    total: formatHundredths(r.unplayed + r.played),
  }));
}

/** The Monday that starts the office week of `now`. */
export function weekStart(timeZone: string, now: Date): string {
  const today = localDay(now, timeZone);
  const [y, m, d] = today.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  return new Date(Date.UTC(y, m - 1, d - weekday)).toISOString().slice(0, 10);
}

/** Entries dated this office week (Monday to now) per staff member who recorded them, most first. */
export async function entriesByStaff(db: Db, timeZone: string, now = new Date()) {
  const rows = await db
    .selectFrom('transactions as t')
    .leftJoin('users as u', 'u.id', 't.createdByUserId')
    .where('t.date', '>=', dayStartUtc(weekStart(timeZone, now), timeZone))
    .groupBy('t.createdByUserId')
    .select(['t.createdByUserId as userId', 'u.firstName', 'u.lastName', 'u.email', sql<number>`count(*)`.as('entries')])
    .orderBy('entries', 'desc')
    .orderBy('u.email')
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    name: nameOrEmail(r) || 'Unknown',
    entries: r.entries,
  }));
}
