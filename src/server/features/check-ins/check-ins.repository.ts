import { type Expression, type Nullable, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';
import { localDay, previousDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import { type CheckInBoard, type CheckInSort } from '../../../shared/schemas/check-ins';
import { CHECK_IN_PAGE_SIZE } from '../../../shared/limits';
import type { Database, Db } from '../../db/types';
import { nameOrEmail } from '../../../shared/names';

export interface BoardQuery {
  date?: string;
  status?: 'done' | 'missing';
  customerId?: number;
  casinoId?: number;
  sort?: CheckInSort;
  desc?: boolean;
  limit?: number;
  offset?: number;
}

/** The board's tables: a link and, when it has one, its check-in row of the day. */
type Board = Database & { l: Database['customerCasinos']; ci: Nullable<Database['checkIns']> };
type Rows = SelectQueryBuilder<Board, 'l' | 'ci', object>;

/*
 * The board (decision 061) reads only maintained data through indexes: the links on the board
 * (`onBoard`, names, last check-in and streak, kept by triggers and the ledger's write path) and the
 * day's kept `checkIns` rows. Every sort walks its own partial index and stops after the page; the
 * done rows of a day with few check-ins start from that day's rows instead (fewer than a walk would
 * step over). The streak and the last check-in are the link's current ones.
 */

/** The link is on the board (a literal, so SQLite uses the partial indexes). */
const ON_BOARD = sql<SqlBool>`"l"."onBoard" = 1`;
const doneOn = (day: string) =>
  sql<SqlBool>`exists (select 1 from "checkIns" d where d."customerId" = "l"."customerId" and d."casinoId" = "l"."casinoId" and d.day = ${day})`;

/** The board's links under the customer and casino filters, with the day's check-in row when there is one. */
function links(db: Db, day: string, q: BoardQuery) {
  let b = db
    .selectFrom('customerCasinos as l')
    .leftJoin('checkIns as ci', (j) =>
      j.onRef('ci.customerId', '=', 'l.customerId').onRef('ci.casinoId', '=', 'l.casinoId').on('ci.day', '=', day),
    )
    .where(ON_BOARD);
  if (q.customerId !== undefined) b = b.where('l.customerId', '=', q.customerId);
  if (q.casinoId !== undefined) b = b.where('l.casinoId', '=', q.casinoId);
  return b;
}

/** The day's check-in rows of links on the board (an index range of that day), under the filters. */
function dayRows(db: Db, day: string, q: BoardQuery) {
  let b = db
    .selectFrom('checkIns as ci')
    .innerJoin('customerCasinos as l', (j) => j.onRef('l.customerId', '=', 'ci.customerId').onRef('l.casinoId', '=', 'ci.casinoId'))
    .where('ci.day', '=', day)
    .where(ON_BOARD);
  if (q.customerId !== undefined) b = b.where('ci.customerId', '=', q.customerId);
  if (q.casinoId !== undefined) b = b.where('ci.casinoId', '=', q.casinoId);
  return b;
}

const count = (b: SelectQueryBuilder<Board, 'l' | 'ci', object>) =>
  b
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/** M of "N of M": one customer's links counted (50 at most), else the kept per-casino counts. */
async function linkCount(db: Db, q: BoardQuery): Promise<number> {
  if (q.customerId !== undefined) {
    let b = db.selectFrom('customerCasinos as l').where(ON_BOARD).where('l.customerId', '=', q.customerId);
    if (q.casinoId !== undefined) b = b.where('l.casinoId', '=', q.casinoId);
    return b
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
  let b = db.selectFrom('boardCounts');
  if (q.casinoId !== undefined) b = b.where('casinoId', '=', q.casinoId);
  return b
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('links'), eb.val(0)).as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A link's streak: its kept count while it still runs (its last check-in on or after `running`), else 0. */
export const streakOf = (running: string) => sql<number>`case when "l"."lastCheckInDay" >= ${running} then "l"."checkInStreak" else 0 end`;

/** The columns a row shows; `running` is the first day a streak still runs on (yesterday). */
function selectRow(b: Rows, running: string) {
  return b.select([
    'l.customerId',
    'l.casinoId',
    'l.customerName',
    'l.casinoName',
    'ci.transactionId',
    'ci.unplayedCoins',
    'ci.at',
    'ci.byUserId',
    'l.lastCheckInAt',
    streakOf(running).as('streak'),
  ]);
}

type Key = Expression<unknown>;

/** The names in order, leaving out a name the filter fixes. */
function nameKeys(q: BoardQuery, casinoFirst: boolean): Key[] {
  const customer = q.customerId === undefined ? [sql.ref('l.customerName'), sql.ref('l.customerId')] : [];
  const casino = q.casinoId === undefined ? [sql.ref('l.casinoName'), sql.ref('l.casinoId')] : [];
  return casinoFirst ? [...casino, ...customer] : [...customer, ...casino];
}

interface Orderable<T> {
  orderBy(key: Key, direction: 'asc' | 'desc'): T;
}

function ordered<T extends Orderable<T>>(b: T, keys: Key[], direction: 'asc' | 'desc'): T {
  return keys.reduce((o, k) => o.orderBy(k, direction), b);
}

/** The board's links under the filters, without the day's row (a walk of keys: each sort's covering index). */
function boardLinks(db: Db, q: BoardQuery) {
  let b = db.selectFrom('customerCasinos as l').where(ON_BOARD);
  if (q.customerId !== undefined) b = b.where('l.customerId', '=', q.customerId);
  if (q.casinoId !== undefined) b = b.where('l.casinoId', '=', q.casinoId);
  return b;
}
type Links = ReturnType<typeof boardLinks>;

export async function checkInBoard(db: Db, q: BoardQuery, timeZone: string, now = new Date()): Promise<CheckInBoard> {
  const today = localDay(now, timeZone);
  const day = q.date ?? today;
  const running = previousDay(today);
  const limit = q.limit ?? CHECK_IN_PAGE_SIZE;
  const offset = q.offset ?? 0;
  const direction = q.desc ? 'desc' : 'asc';
  const sort = q.sort ?? 'customer';

  const [total, done] = await Promise.all([linkCount(db, q), count(dayRows(db, day, q))]);
  const totalCount = q.status === 'done' ? done : q.status === 'missing' ? total - done : total;
  const byStatus = (b: Links): Links =>
    q.status === 'done' ? b.where(doneOn(day)) : q.status === 'missing' ? b.where((eb) => eb.not(doneOn(day))) : b;
  const streakKey = streakOf(running);
  // The page's links in order: a walk of keys that stops after the page (its rows are read next).
  let keys: { customerId: number; casinoId: number }[] = [];
  const keysOf = (b: Links, from: number, take: number) => b.select(['l.customerId', 'l.casinoId']).limit(take).offset(from).execute();
  if (q.status === 'done' && done * done <= (offset + limit) * total) {
    // Few check-ins that day: sort that day's rows rather than step over the links without one.
    const first = sort === 'streak' ? [streakKey] : sort === 'last' ? [sql.ref('l.lastCheckInAt')] : [];
    const sorted = ordered(
      ordered(dayRows(db, day, q), first, direction),
      nameKeys(q, sort === 'casino'),
      sort === 'streak' ? 'asc' : direction,
    );
    keys = await sorted.select(['l.customerId', 'l.casinoId']).limit(limit).offset(offset).execute();
  } else if (sort === 'streak') {
    // Running streaks (checked in yesterday or today: few links, sorted) and then the rest in name order, or the reverse.
    const runningRows = (b: Links) => b.where('l.lastCheckInDay', '>=', running);
    const stopped = (b: Links) => b.where(sql<SqlBool>`coalesce("l"."lastCheckInDay", '') < ${running}`);
    const parts = [
      { rows: runningRows, streak: true },
      { rows: stopped, streak: false },
    ];
    if (!q.desc) parts.reverse();
    // The running rows are counted (few); the others are the rest of the filtered rows.
    const runningCount = await byStatus(runningRows(boardLinks(db, q)))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
    const [first, second] = parts;
    const firstCount = q.desc ? runningCount : totalCount - runningCount;
    const page = (part: (typeof parts)[number], from: number, take: number) => {
      const b = part.rows(byStatus(boardLinks(db, q)));
      return keysOf(ordered(part.streak ? b.orderBy('l.checkInStreak', direction) : b, nameKeys(q, false), 'asc'), from, take);
    };
    if (offset < firstCount) keys = await page(first, offset, limit);
    if (keys.length < limit) keys = [...keys, ...(await page(second, Math.max(0, offset - firstCount), limit - keys.length))];
  } else {
    const sortKeys = sort === 'last' ? [sql.ref('l.lastCheckInAt'), ...nameKeys(q, false)] : nameKeys(q, sort === 'casino');
    keys = await keysOf(ordered(byStatus(boardLinks(db, q)), sortKeys, direction), offset, limit);
  }
  // The page's rows, by key, put back in the walk's order.
  const found = keys.length
    ? await selectRow(
        links(db, day, {}).where(
          sql<SqlBool>`("l"."customerId", "l"."casinoId") in (values ${sql.join(keys.map((k) => sql`(${k.customerId}, ${k.casinoId})`))})`,
        ),
        running,
      ).execute()
    : [];
  const byKey = new Map(found.map((r) => [`${r.customerId}:${r.casinoId}`, r]));
  const rows = keys.flatMap((k) => byKey.get(`${k.customerId}:${k.casinoId}`) ?? []);

  const names = new Map<number, string>();
  const userIds = [...new Set(rows.map((r) => r.byUserId).filter((v): v is number => v !== null))];
  if (userIds.length) {
    for (const u of await db.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('id', 'in', userIds).execute()) {
      names.set(u.id, nameOrEmail(u));
    }
  }
  return {
    date: day,
    today,
    totalCount,
    done,
    total,
    rows: rows.map((r) => ({
      customerId: r.customerId,
      customerName: r.customerName,
      casinoId: r.casinoId,
      casinoName: r.casinoName,
      done: r.transactionId !== null,
      transactionId: r.transactionId,
      unplayedCoins: r.unplayedCoins === null ? null : formatHundredths(r.unplayedCoins),
      at: r.at,
      by: r.byUserId === null ? null : (names.get(r.byUserId) ?? null),
      streak: Number(r.streak),
      lastAt: r.lastCheckInAt,
    })),
  };
}
