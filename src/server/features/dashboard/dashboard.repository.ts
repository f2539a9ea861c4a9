import { sql } from 'kysely';
import { dayStartUtc, localDay, nextDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import { type CasinoBalance, SC_CHART_CASINOS, type StaffEntries, USD_CHART_DAYS, type UsdDay } from '../../../shared/schemas/dashboard';
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

/**
 * USD change per office day over the last 90 days, every day present (0 when quiet). One range read of
 * the date index per day (transactionsDate), so a day's sum never mixes in the neighbouring one
 * whatever the zone's offset.
 */
export async function usdPerDay(db: Db, timeZone: string, now = new Date()): Promise<UsdDay[]> {
  const days = lastDays(USD_CHART_DAYS, timeZone, now);
  const out: UsdDay[] = [];
  for (const day of days) {
    const row = await db
      .selectFrom('transactions')
      .select([sql<number>`coalesce(sum("usdChange"), 0)`.as('usd'), sql<number>`count(*)`.as('entries')])
      .where('date', '>=', dayStartUtc(day, timeZone))
      .where('date', '<', dayStartUtc(nextDay(day), timeZone))
      .executeTakeFirstOrThrow();
    out.push({ day, usd: formatHundredths(row.usd), entries: row.entries });
  }
  return out;
}

/** SC balances per active casino (sum of its links' maintained balances), the 20 largest. */
export async function scByCasino(db: Db): Promise<CasinoBalance[]> {
  const rows = await db
    .selectFrom('customerCasinos as l')
    .innerJoin('casinos as k', 'k.id', 'l.casinoId')
    .where('k.isActive', '=', 1)
    .groupBy(['k.id', 'k.name'])
    .select([
      'k.id as casinoId',
      'k.name as casinoName',
      sql<number>`sum(l."currentUnplayedCoins")`.as('unplayed'),
      sql<number>`sum(l."currentPlayedCoins")`.as('played'),
    ])
    .orderBy(sql`sum(l."currentUnplayedCoins" + l."currentPlayedCoins")`, 'desc')
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
export async function entriesByStaff(db: Db, timeZone: string, now = new Date()): Promise<StaffEntries[]> {
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
