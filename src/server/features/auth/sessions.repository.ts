import type { SessionView } from '../../../shared/schemas/account';
import type { Db } from '../../db/types';
import { type AccessEvent, logAccess, type Origin } from '../access-log/access-log.repository';

/** Most open sessions one user keeps: past it, the oldest ends at the next sign-in (bounds the table). */
export const MAX_SESSIONS_PER_USER = 50;

/** Starts a session for a sign-in; the oldest ones past the per-user cap end. */
export async function insertSession(db: Db, userId: number, origin: Origin, setupOnly: boolean, now = new Date()): Promise<number> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto('sessions')
    .values({
      userId,
      createdAt: stamp,
      lastSeenAt: stamp,
      ip: origin.ip ?? '',
      userAgent: (origin.userAgent ?? '').slice(0, 300),
      setupOnly: setupOnly ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keep = await db
    .selectFrom('sessions')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .offset(MAX_SESSIONS_PER_USER - 1)
    .limit(1)
    .executeTakeFirst();
  if (keep) await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '<', keep.id).execute();
  return row.id;
}

/** A user's open sessions, newest first; `current` marks the caller's. */
export async function listSessions(db: Db, userId: number, currentId: number | null): Promise<SessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastSeenAt', 'ip', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(MAX_SESSIONS_PER_USER)
    .execute();
  return rows.map((r) => ({ ...r, current: r.id === currentId }));
}

/** Ends one session of the user; false when the user has no such session. */
export async function endSession(db: Db, userId: number, sessionId: number, origin: Origin, event: AccessEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx.deleteFrom('sessions').where('id', '=', sessionId).where('userId', '=', userId).executeTakeFirst();
    if (ended.numDeletedRows === 0n) return false;
    await logAccess(trx, origin, event);
    return true;
  });
}

/** Ends every session of a user (but `exceptId`), inside the caller's transaction. Returns how many ended. */
export async function endUserSessions(db: Db, userId: number, exceptId: number | null = null): Promise<number> {
  let q = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}
