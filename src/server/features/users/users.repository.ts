import type { Role } from '../../../shared/constants';
import type { UserListRow, UserView } from '../../../shared/schemas/users';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../errors/domain-errors';
import { userViewColumns } from '../auth/auth.repository';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';
import { logAccess, NO_ORIGIN, type Origin, sessionsCount } from '../access-log/access-log.repository';
import { endUserSessions } from '../auth/sessions.repository';
import { clearTwoFactor } from '../auth/two-factor.repository';

const listColumns = [...userViewColumns, 'isActive', 'twoFactorEnabledAt'] as const;
const toListRow = ({
  isActive,
  twoFactorEnabledAt,
  ...user
}: UserView & { isActive: number; twoFactorEnabledAt: string | null }): UserListRow => ({
  ...user,
  isActive: isActive === 1,
  twoFactorEnabled: twoFactorEnabledAt !== null,
});

export async function listUsers(db: Db): Promise<UserListRow[]> {
  return (await db.selectFrom('users').select(listColumns).orderBy('id').execute()).map(toListRow);
}

export async function findUserListRow(db: Db, id: number): Promise<UserListRow | undefined> {
  const row = await db.selectFrom('users').select(listColumns).where('id', '=', id).executeTakeFirst();
  return row && toListRow(row);
}

/** Active admins other than `exceptId`: one must always remain, so the office can manage its users. */
async function otherActiveAdmins(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('isActive', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUser(db: Db, id: number): Promise<UserView | undefined> {
  return db.selectFrom('users').select(userViewColumns).where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUserInput {
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

/** Creates a user; an email already in use (any letter case) is a 409. */
export async function insertUser(db: Db, input: NewUserInput, actor: Actor = SYSTEM): Promise<UserView> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('users')
      .values({ ...input, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(userViewColumns)
      .executeTakeFirst();
    if (!result) throw conflict('A user with this email already exists');
    await appendAudit(trx, actor, { action: 'create', entity: 'user', entityId: result.id, after: result });
    return result;
  });
}

/**
 * Changes a role; the user's sessions end, so the new role holds from their next request. The last
 * active admin cannot be made staff, so the office can never lock itself out of user management.
 */
export async function updateRole(db: Db, id: number, role: Role, actor: Actor = SYSTEM, origin: Origin = NO_ORIGIN): Promise<UserView> {
  return db.transaction().execute(async (trx) => {
    const current = await findUser(trx, id);
    if (!current) throw notFound('User not found');
    if (current.role === role) return current;
    if (role === 'staff' && (await otherActiveAdmins(trx, id)) === 0) throw conflict('At least one admin must remain');
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ role, tokenVersion: eb('tokenVersion', '+', 1) }))
      .where('id', '=', id)
      .returning(userViewColumns)
      .executeTakeFirstOrThrow();
    await appendAudit(trx, actor, { action: 'role', entity: 'user', entityId: id, before: { role: current.role }, after: { role } });
    const ended = await endUserSessions(trx, id);
    await logAccess(trx, origin, {
      kind: 'role-changed',
      userId: id,
      email: current.email,
      detail: `${current.role} to ${role} by ${actor.email ?? 'the system'}; ${sessionsCount(ended)} ended`,
    });
    return updated;
  });
}

/**
 * Deactivates or reactivates a user. A deactivated user cannot sign in; their sessions end, their API
 * tokens and open reset links are spent, and their name stays on everything they recorded. Admins cannot
 * deactivate themselves, nor the last active admin.
 */
export async function setUserActive(
  db: Db,
  id: number,
  isActive: boolean,
  actor: { id: number; email: string },
  origin: Origin,
): Promise<UserListRow> {
  if (!isActive && id === actor.id) throw conflict('You cannot deactivate your own account');
  return db.transaction().execute(async (trx) => {
    const current = await findUserListRow(trx, id);
    if (!current) throw notFound('User not found');
    if (current.isActive === isActive) return current;
    if (!isActive && current.role === 'admin' && (await otherActiveAdmins(trx, id)) === 0) {
      throw conflict('At least one active admin must remain');
    }
    const now = new Date().toISOString();
    await trx
      .updateTable('users')
      .set({ isActive: isActive ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    let detail = `by ${actor.email}`;
    if (!isActive) {
      const ended = await endUserSessions(trx, id);
      await trx.updateTable('apiTokens').set({ revokedAt: now }).where('userId', '=', id).where('revokedAt', 'is', null).execute();
      await trx.updateTable('passwordResetTokens').set({ usedAt: now }).where('userId', '=', id).where('usedAt', 'is', null).execute();
      detail += `; ${sessionsCount(ended)} ended`;
    }
    await appendAudit(trx, actor, {
      action: isActive ? 'reactivate' : 'deactivate',
      entity: 'user',
      entityId: id,
      before: { isActive: current.isActive },
      after: { isActive },
    });
    await logAccess(trx, origin, { kind: isActive ? 'user-reactivated' : 'user-deactivated', userId: id, email: current.email, detail });
    return { ...current, isActive };
  });
}

/**
 * The command line's way back in when a user (the only admin, say) lost their phone: turns off their
 * second step and ends their sessions, audited as the system. Only `npm run two-factor:reset` calls it.
 */
export async function resetTwoFactorOffline(db: Db, email: string): Promise<'no-user' | 'off' | 'reset'> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email', 'twoFactorEnabledAt']).where('email', '=', email).executeTakeFirst();
    if (!user) return 'no-user';
    if (user.twoFactorEnabledAt === null) return 'off';
    await clearTwoFactor(trx, user.id);
    const ended = await endUserSessions(trx, user.id);
    await appendAudit(trx, SYSTEM, { action: 'two-factor-off', entity: 'user', entityId: user.id });
    await logAccess(trx, NO_ORIGIN, {
      kind: 'two-factor-disabled',
      userId: user.id,
      email: user.email,
      detail: `by the command line (two-factor:reset); ${sessionsCount(ended)} ended`,
    });
    return 'reset';
  });
}
