import type SQLite from 'better-sqlite3';
import { CHECK_IN_TYPE } from '../../../shared/constants';
import { dayStartUtc, localDay, localDays, nextDay, previousDay } from '../../../shared/dates';
import { perConnection } from '../../db/per-connection';
import type { CheckInRow } from '../../db/types';

/**
 * The kept check-in days (decision 061): one `checkIns` row per link and office day with a check-in
 * (count, SC, the latest check-in's id, time and who, the streak up to that day) and each link's last
 * check-in day, time and streak. They follow from the transactions of a type named "Check-in" (any
 * case) alone, so the ledger's write path (ledger.ts) calls `keepCheckInDay` for every position a write
 * adds or removes such a transaction, in the write's own SQLite transaction: entries of any screen, the
 * check-in step, redemptions, imports, edits, deletes and restores. The office day is the time zone kept
 * in `checkInZone` (set by the server from its TZ, `useOfficeZone`; UTC until then).
 */

const IS_CHECK_IN = `lower(name) = lower('${CHECK_IN_TYPE}')`;
const pairAt = `"customerId" = @customerId and "casinoId" = @casinoId`;
type Pair = { customerId: number; casinoId: number };
type PairDay = Pair & { day: string };

type DayRow = Pick<CheckInRow, 'count' | 'unplayedCoins' | 'transactionId' | 'at' | 'byUserId'>;

const statements = perConnection((q) => {
  return {
    zone: q<[], { timeZone: string }>(`select "timeZone" from "checkInZone" where id = 1`),
    setZone: q<[{ timeZone: string }], never>(
      `insert into "checkInZone" (id, "timeZone") values (1, @timeZone) on conflict (id) do update set "timeZone" = excluded."timeZone"`,
    ),
    isCheckIn: q<[{ id: number }], { yes: number }>(`select ${IS_CHECK_IN} yes from "transactionTypes" where id = @id`),
    // The pair's check-ins booked in one office day, latest first.
    ofDay: q<
      [Pair & { from: string; to: string }],
      { id: number; date: string; unplayedCoinsChange: number; createdByUserId: number | null }
    >(
      `select t.id, t.date, t."unplayedCoinsChange", t."createdByUserId" from transactions t join "transactionTypes" y on y.id = t."transactionTypeId"
       where t."customerId" = @customerId and t."casinoId" = @casinoId and t.date >= @from and t.date < @to and lower(y.name) = lower('${CHECK_IN_TYPE}')
       order by t.date desc, t.id desc`,
    ),
    day: q<[PairDay], Pick<CheckInRow, 'streak' | 'unplayedCoins'>>(
      `select streak, "unplayedCoins" from "checkIns" where ${pairAt} and day = @day`,
    ),
    upsert: q<[CheckInRow], never>(
      `insert into "checkIns" ("customerId", "casinoId", day, count, "unplayedCoins", "transactionId", at, "byUserId", streak)
       values (@customerId, @casinoId, @day, @count, @unplayedCoins, @transactionId, @at, @byUserId, @streak)
       on conflict ("customerId", "casinoId", day) do update set count = excluded.count, "unplayedCoins" = excluded."unplayedCoins",
         "transactionId" = excluded."transactionId", at = excluded.at, "byUserId" = excluded."byUserId"`,
    ),
    remove: q<[PairDay], never>(`delete from "checkIns" where ${pairAt} and day = @day`),
    setStreak: q<[PairDay & { streak: number }], never>(`update "checkIns" set streak = @streak where ${pairAt} and day = @day`),
    latest: q<[Pair], { day: string; at: string; streak: number }>(
      `select day, at, streak from "checkIns" where ${pairAt} order by day desc limit 1`,
    ),
    markLink: q<[Pair & { day: string | null; at: string | null; streak: number }], never>(
      `update "customerCasinos" set "lastCheckInDay" = @day, "lastCheckInAt" = @at, "checkInStreak" = @streak where ${pairAt}`,
    ),
  };
});

type Statements = ReturnType<typeof statements>;

/** The office time zone the kept days are in. */
export function checkInZone(sqlite: SQLite.Database): string {
  return statements(sqlite).zone.get()?.timeZone ?? 'UTC';
}

/** The link's kept row for an office day (the check-in step's duplicate check and streak). */
export function keptCheckInDay(sqlite: SQLite.Database, customerId: number, casinoId: number, day: string) {
  return statements(sqlite).day.get({ customerId, casinoId, day });
}

/** Whether a type of this name holds check-ins. */
export const isCheckInName = (name: string) => name.toLowerCase() === CHECK_IN_TYPE.toLowerCase();

/** Whether a transaction of this type is a check-in. */
export function isCheckInType(sqlite: SQLite.Database, transactionTypeId: number): boolean {
  return statements(sqlite).isCheckIn.get({ id: transactionTypeId })?.yes === 1;
}

/** Renumbers the streaks of `day` (when it has a row) and of the run of days that follows it. */
function renumberFrom(s: Statements, customerId: number, casinoId: number, day: string): void {
  let streak = 0;
  if (s.day.get({ customerId, casinoId, day })) {
    streak = (s.day.get({ customerId, casinoId, day: previousDay(day) })?.streak ?? 0) + 1;
    s.setStreak.run({ customerId, casinoId, day, streak });
  }
  for (let d = nextDay(day); s.day.get({ customerId, casinoId, day: d }); d = nextDay(d))
    s.setStreak.run({ customerId, casinoId, day: d, streak: ++streak });
}

/** The link's last check-in day, time and streak, from its latest kept day. */
function markLink(s: Statements, customerId: number, casinoId: number): void {
  const latest = s.latest.get({ customerId, casinoId });
  s.markLink.run({ customerId, casinoId, day: latest?.day ?? null, at: latest?.at ?? null, streak: latest?.streak ?? 0 });
}

/** A kept day's SC before and after a write (the ledger checks it against its limit: decision 090). */
export interface KeptCheckInDay {
  day: string;
  before: number;
  after: number;
}

/**
 * Recomputes the link's kept row for the office day holding `date` from its check-in transactions, and
 * the streaks and the link's last check-in that depend on it. Call it after a write added or removed a
 * check-in at this position (the caller checks the type with `isCheckInType`).
 */
export function keepCheckInDay(sqlite: SQLite.Database, at: { customerId: number; casinoId: number; date: string }): KeptCheckInDay {
  const s = statements(sqlite);
  const { customerId, casinoId } = at;
  const zone = checkInZone(sqlite);
  const day = localDay(at.date, zone);
  const rows = s.ofDay.all({ customerId, casinoId, from: dayStartUtc(day, zone), to: dayStartUtc(nextDay(day), zone) });
  const held = s.day.get({ customerId, casinoId, day });
  const existed = held !== undefined;
  const unplayedCoins = rows.reduce((sum, r) => sum + r.unplayedCoinsChange, 0);
  if (rows.length) {
    const [latest] = rows;
    s.upsert.run({
      customerId,
      casinoId,
      day,
      count: rows.length,
      unplayedCoins,
      transactionId: latest.id,
      at: latest.date,
      byUserId: latest.createdByUserId,
      streak: 0,
    });
  } else if (existed) {
    s.remove.run({ customerId, casinoId, day });
  }
  if (existed !== rows.length > 0) renumberFrom(s, customerId, casinoId, day);
  markLink(s, customerId, casinoId);
  return { day, before: held?.unplayedCoins ?? 0, after: unplayedCoins };
}

/** `keepCheckInDay` for many new rows (the import's bulk write): each link and office day once. */
export function keepCheckInDays(
  sqlite: SQLite.Database,
  rows: Iterable<{ customerId: number; casinoId: number; date: string; transactionTypeId: number }>,
): KeptCheckInDay[] {
  const dayOf = localDays(checkInZone(sqlite));
  const checkIn = new Map<number, boolean>();
  const days = new Map<string, { customerId: number; casinoId: number; date: string }>();
  for (const r of rows) {
    let yes = checkIn.get(r.transactionTypeId);
    if (yes === undefined) checkIn.set(r.transactionTypeId, (yes = isCheckInType(sqlite, r.transactionTypeId)));
    if (yes) days.set(`${r.customerId}:${r.casinoId}:${dayOf(r.date)}`, r);
  }
  return [...days.values()].map((r) => keepCheckInDay(sqlite, r));
}

/**
 * Rebuilds every kept day (or one casino's) from the transactions, in `timeZone`, and keeps the zone.
 * Run inside the caller's SQLite transaction: a zone change at start, a type renamed to or from
 * "Check-in", the bulk seed.
 */
export function rebuildCheckIns(sqlite: SQLite.Database, timeZone: string, casinoId?: number): number {
  const s = statements(sqlite);
  const one = casinoId === undefined ? '' : ' and "casinoId" = @casinoId';
  const args = casinoId === undefined ? {} : { casinoId };
  sqlite.prepare(`delete from "checkIns" where 1${one}`).run(args);
  sqlite
    .prepare(
      `update "customerCasinos" set "lastCheckInDay" = null, "lastCheckInAt" = null, "checkInStreak" = 0 where ("lastCheckInDay" is not null or "checkInStreak" <> 0)${one}`,
    )
    .run(args);
  const rows = sqlite
    .prepare<
      [{ casinoId?: number }],
      { customerId: number; casinoId: number; id: number; date: string; unplayedCoinsChange: number; createdByUserId: number | null }
    >(
      `select t."customerId", t."casinoId", t.id, t.date, t."unplayedCoinsChange", t."createdByUserId" from transactions t
       where t."transactionTypeId" in (select id from "transactionTypes" where ${IS_CHECK_IN}${one})
       order by t."customerId", t."casinoId", t.date, t.id`,
    )
    .iterate(args);
  const dayOf = localDays(timeZone);
  // The pairs' days in order: a transaction of the same pair and day joins the last one (it is the latest).
  const days: CheckInRow[] = [];
  for (const r of rows) {
    const day = dayOf(r.date);
    const last = days.at(-1);
    const samePair = last !== undefined && last.customerId === r.customerId && last.casinoId === r.casinoId;
    if (samePair && last.day === day) {
      const joined: DayRow = {
        count: last.count + 1,
        unplayedCoins: last.unplayedCoins + r.unplayedCoinsChange,
        transactionId: r.id,
        at: r.date,
        byUserId: r.createdByUserId,
      };
      Object.assign(last, joined);
    } else {
      const streak = samePair && nextDay(last.day) === day ? last.streak + 1 : 1;
      days.push({
        customerId: r.customerId,
        casinoId: r.casinoId,
        day,
        count: 1,
        unplayedCoins: r.unplayedCoinsChange,
        transactionId: r.id,
        at: r.date,
        byUserId: r.createdByUserId,
        streak,
      });
    }
  }
  days.forEach((d, i) => {
    s.upsert.run(d);
    const next = days[i + 1];
    if (!next || next.customerId !== d.customerId || next.casinoId !== d.casinoId) s.markLink.run(d);
  });
  s.setZone.run({ timeZone });
  return days.length;
}

/**
 * Keeps the check-in days in the office time zone the server runs with: when the database's kept days
 * are in another zone (or in none yet), rebuilds them in one SQLite transaction. True when it rebuilt.
 */
export function useOfficeZone(sqlite: SQLite.Database, timeZone: string): boolean {
  const kept = statements(sqlite).zone.get()?.timeZone;
  if (kept === timeZone) return false;
  sqlite.transaction(() => rebuildCheckIns(sqlite, timeZone)).immediate();
  return true;
}
