import type { Role } from '../../../shared/constants';
import type { UserView } from '../../../shared/schemas/users';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../errors/domain-errors';
import { userViewColumns } from '../auth/auth.repository';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';

export function listUsers(db: Db): Promise<UserView[]> {
  return db.selectFrom('users').select(userViewColumns).orderBy('id').execute();
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
 * Changes a role; the user's older tokens stop working. The last admin cannot be made staff,
 * so the office can never lock itself out of user management.
 */
export async function updateRole(db: Db, id: number, role: Role, actor: Actor = SYSTEM): Promise<UserView> {
  return db.transaction().execute(async (trx) => {
    const current = await findUser(trx, id);
    if (!current) throw notFound('User not found');
    if (current.role === role) return current;
    if (role === 'staff') {
      const admins = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) throw conflict('At least one admin must remain');
    }
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ role, tokenVersion: eb('tokenVersion', '+', 1) }))
      .where('id', '=', id)
      .returning(userViewColumns)
      .executeTakeFirstOrThrow();
    await appendAudit(trx, actor, { action: 'role', entity: 'user', entityId: id, before: { role: current.role }, after: { role } });
    return updated;
  });
}
