import { dayStartUtc, nextDay } from '../../../shared/dates';
import { type AccessKind, type AccessLogEntryView, type AccessLogQuery } from '../../../shared/schemas/access-log';
import { ACCESS_LOG_PAGE_SIZE } from '../../../shared/limits';
import type { Db } from '../../db/types';

/** Where a request came from, as the access log keeps it. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

export const NO_ORIGIN: Origin = { ip: null, userAgent: null };

export interface AccessEvent {
  kind: AccessKind;
  /** Whose account the event concerns (null: an email nobody has). */
  userId: number | null;
  /** The account's email, or the email tried at a failed sign-in. */
  email: string | null;
  /** Plain words: who ended a session, which token, why a sign-in failed. */
  detail?: string | null;
}

/** Appends one entry; called inside the write's own transaction where there is one (decision 103). */
export async function logAccess(db: Db, origin: Origin, event: AccessEvent, now = new Date()): Promise<void> {
  await db
    .insertInto('accessLog')
    .values({
      at: now.toISOString(),
      kind: event.kind,
      userId: event.userId,
      email: event.email,
      ip: origin.ip,
      // A user agent is the client's text: kept bounded.
      userAgent: origin.userAgent === null ? null : origin.userAgent.slice(0, 300),
      detail: event.detail ?? null,
    })
    .execute();
}

/** The admin's access log: newest first, filtered, paged; list and count share one filter. */
export async function listAccessLog(
  db: Db,
  input: AccessLogQuery,
  timeZone: string,
): Promise<{ entries: AccessLogEntryView[]; totalCount: number }> {
  const { limit = ACCESS_LOG_PAGE_SIZE, offset = 0, userId, kind, startDate, endDate } = input ?? {};
  let q = db.selectFrom('accessLog');
  if (userId !== undefined) q = q.where('userId', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  if (startDate) q = q.where('at', '>=', dayStartUtc(startDate, timeZone));
  if (endDate) q = q.where('at', '<', dayStartUtc(nextDay(endDate), timeZone));
  const [entries, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { entries, totalCount: Number(count.n) };
}

/** The origin of a request as the access log keeps it. */
export const originOf = (ctx: { ip: string; userAgent?: string | null }): Origin => ({ ip: ctx.ip, userAgent: ctx.userAgent ?? null });

/** "1 session", "3 sessions". */
export const sessionsCount = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;
