import { type ExpressionBuilder, sql } from 'kysely';
import { localDay, previousDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import { CHECK_IN_PAGE_SIZE, type CheckInBoard, type CheckInSort } from '../../../shared/schemas/check-ins';
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

type Board = Database & { l: Database['customerCasinos']; c: Database['customers']; k: Database['casinos']; ci: Database['checkIns'] };

/**
 * The board's rows: every active link of an active customer at an active casino, with that day's
 * check-in row (kept by the check-in step) when there is one. Rows, count and "N of M" share it.
 * `doneOnly` starts from that day's check-in rows (an index range) instead of every link.
 */
function board(db: Db, day: string, q: BoardQuery, doneOnly = false) {
  let b = doneOnly
    ? db
        .selectFrom('checkIns as ci')
        .innerJoin('customerCasinos as l', (j) => j.onRef('l.customerId', '=', 'ci.customerId').onRef('l.casinoId', '=', 'ci.casinoId'))
        .innerJoin('customers as c', 'c.id', 'l.customerId')
        .innerJoin('casinos as k', 'k.id', 'l.casinoId')
        .where('ci.day', '=', day)
    : db
        .selectFrom('customerCasinos as l')
        .innerJoin('customers as c', 'c.id', 'l.customerId')
        .innerJoin('casinos as k', 'k.id', 'l.casinoId')
        .leftJoin('checkIns as ci', (j) => j.onRef('ci.customerId', '=', 'l.customerId').onRef('ci.casinoId', '=', 'l.casinoId').on('ci.day', '=', day));
  b = b.where('l.status', '=', 'active').where('c.isActive', '=', 1).where('k.isActive', '=', 1);
  if (q.customerId !== undefined) b = b.where('l.customerId', '=', q.customerId);
  if (q.casinoId !== undefined) b = b.where('l.casinoId', '=', q.casinoId);
  return b;
}

/** M of "N of M": the same links as board(), counted with the customer and casino checks as lists (no join per link). */
function activeLinkCount(db: Db, q: BoardQuery): Promise<number> {
  let b = db
    .selectFrom('customerCasinos as l')
    .where('l.status', '=', 'active')
    .where('l.customerId', 'in', db.selectFrom('customers').select('id').where('isActive', '=', 1))
    .where('l.casinoId', 'in', db.selectFrom('casinos').select('id').where('isActive', '=', 1));
  if (q.customerId !== undefined) b = b.where('l.customerId', '=', q.customerId);
  if (q.casinoId !== undefined) b = b.where('l.casinoId', '=', q.casinoId);
  return b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
}

/** The streak a link shows on `day`: its run up to that day, or up to the day before while `day` is open. */
const streakOn = (eb: ExpressionBuilder<Board, 'l'>, day: string) =>
  sql<number>`case when ${eb.ref('l.lastCheckInDay')} >= ${previousDay(day)} and ${eb.ref('l.lastCheckInDay')} <= ${day} then ${eb.ref('l.checkInStreak')} else 0 end`;

export async function checkInBoard(db: Db, q: BoardQuery, timeZone: string, now = new Date()): Promise<CheckInBoard> {
  const day = q.date ?? localDay(now, timeZone);
  const base = board(db, day, q);
  const doneRows = board(db, day, q, true);
  const byStatus = q.status === 'done' ? doneRows : q.status === 'missing' ? base.where('ci.day', 'is', null) : base;
  const direction = q.desc ? 'desc' : 'asc';
  let page = byStatus.select(['l.customerId', 'l.casinoId', 'c.name as customerName', 'k.name as casinoName', 'ci.transactionId', 'ci.unplayedCoins', 'ci.at', 'ci.byUserId']);
  if (q.sort === 'casino') page = page.orderBy('k.name', direction).orderBy('k.id', direction).orderBy('c.name').orderBy('c.id');
  else if (q.sort === 'streak') page = page.orderBy((eb) => streakOn(eb, day), direction).orderBy('c.name').orderBy('k.name');
  else if (q.sort === 'last') page = page.orderBy(sql`coalesce("l"."lastCheckInAt", '')`, direction).orderBy('c.name').orderBy('k.name');
  else page = page.orderBy('c.name', direction).orderBy('c.id', direction).orderBy('k.name').orderBy('k.id');
  const done = doneRows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
  const [rows, total, doneCount] = await Promise.all([page.limit(q.limit ?? CHECK_IN_PAGE_SIZE).offset(q.offset ?? 0).execute(), activeLinkCount(db, q), done]);
  // Streak and last check-in as of the day, and who checked in: only for the page's rows.
  const details = new Map<string, { streak: number; lastAt: string | null }>();
  const names = new Map<number, string>();
  if (rows.length) {
    const keys = sql.join(rows.map((r) => sql`(${r.customerId}, ${r.casinoId})`));
    const found = await sql<{ customerId: number; casinoId: number; streak: number | null; lastAt: string | null }>`
      with page("customerId", "casinoId") as (values ${keys})
      select p."customerId", p."casinoId",
        (select streak from "checkIns" i where i."customerId" = p."customerId" and i."casinoId" = p."casinoId" and i.day in (${day}, ${previousDay(day)}) order by i.day desc limit 1) as streak,
        (select at from "checkIns" i where i."customerId" = p."customerId" and i."casinoId" = p."casinoId" and i.day <= ${day} order by i.day desc limit 1) as "lastAt"
      from page p`.execute(db);
    for (const r of found.rows) details.set(`${r.customerId}:${r.casinoId}`, { streak: r.streak ?? 0, lastAt: r.lastAt });
    const userIds = [...new Set(rows.map((r) => r.byUserId).filter((v): v is number => v !== null))];
    if (userIds.length) {
      for (const u of await db.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('id', 'in', userIds).execute()) {
        names.set(u.id, nameOrEmail(u));
      }
    }
  }
  return {
    date: day,
    totalCount: q.status === 'done' ? doneCount : q.status === 'missing' ? total - doneCount : total,
    done: doneCount,
    total,
    rows: rows.map((r) => {
      const d = details.get(`${r.customerId}:${r.casinoId}`);
      return {
        customerId: r.customerId,
        customerName: r.customerName,
        casinoId: r.casinoId,
        casinoName: r.casinoName,
        done: r.transactionId !== null,
        transactionId: r.transactionId,
        unplayedCoins: r.unplayedCoins === null ? null : formatHundredths(r.unplayedCoins),
        at: r.at,
        by: r.byUserId === null ? null : (names.get(r.byUserId) ?? null),
        streak: d?.streak ?? 0,
        lastAt: d?.lastAt ?? null,
      };
    }),
  };
}
