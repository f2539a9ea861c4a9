import crypto from 'node:crypto';
import { RESET_TOKEN_TTL_MS } from '../../../shared/constants';
import type { UserView } from '../../../shared/schemas/users';
import type { Db, UserRow } from '../../db/types';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';
import { logAccess, NO_ORIGIN, type Origin, sessionsCount } from '../access-log/access-log.repository';
import { endUserSessions } from './sessions.repository';

export type SessionUser = UserView;

export const userViewColumns = ['id', 'email', 'firstName', 'lastName', 'role'] as const;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserRow(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** Issues a reset token for the user; only its hash is stored. Returns the raw token for the link. */
export async function createResetToken(
  db: Db,
  user: { id: number; email: string },
  actor: Actor = SYSTEM,
  origin: Origin = NO_ORIGIN,
  now = new Date(),
): Promise<string> {
  const userId = user.id;
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('passwordResetTokens')
      .values({
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        usedAt: null,
        createdAt: now.toISOString(),
      })
      .execute();
    await appendAudit(trx, actor, { action: 'reset-link-sent', entity: 'user', entityId: userId });
    await logAccess(
      trx,
      origin,
      { kind: 'reset-link-sent', userId, email: user.email, detail: actor.email ? `by ${actor.email}` : null },
      now,
    );
  });
  return token;
}

/** Whether a reset token is open (exists, unused, unexpired): checked before any password work. */
export async function isOpenResetToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select('id')
    .where('tokenHash', '=', sha256(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends a reset token and sets the new password in one transaction: the token must exist, be
 * unused and unexpired, and its user active. Every other open token of the user is spent too, and every
 * session of the user ends (the second step stays as it was). Returns false when the token is not valid.
 */
export async function consumeResetToken(
  db: Db,
  token: string,
  passwordHash: string,
  origin: Origin = NO_ORIGIN,
  now = new Date(),
): Promise<boolean> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: stamp })
      .where('tokenHash', '=', sha256(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', stamp)
      .returning('userId')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: stamp })
      .where('userId', '=', row.userId)
      .where('usedAt', 'is', null)
      .execute();
    const user = await trx.selectFrom('users').select(['email', 'isActive']).where('id', '=', row.userId).executeTakeFirstOrThrow();
    if (user.isActive !== 1) return false;
    await appendAudit(trx, { id: row.userId, email: user.email }, { action: 'password-reset', entity: 'user', entityId: row.userId });
    const ended = await endUserSessions(trx, row.userId);
    await logAccess(
      trx,
      origin,
      { kind: 'reset-link-used', userId: row.userId, email: user.email, detail: `${sessionsCount(ended)} ended` },
      now,
    );
    await trx
      .updateTable('users')
      .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1) }))
      .where('id', '=', row.userId)
      .execute();
    return true;
  });
}

/** Records a sign-in, or a refused one (the email as typed, no password), in the audit trail. */
export async function auditSignIn(db: Db, email: string, user: { id: number; email: string } | undefined, ok: boolean): Promise<void> {
  await appendAudit(db, user ? { id: user.id, email: user.email } : { id: null, email: null }, {
    action: ok ? 'sign-in' : 'sign-in-failed',
    entity: 'session',
    entityId: user?.id ?? null,
    after: { email },
  });
}
