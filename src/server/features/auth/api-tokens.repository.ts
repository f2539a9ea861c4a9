import crypto from 'node:crypto';
import type { ApiTokenScope, ApiTokenView } from '../../../shared/schemas/account';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../errors/domain-errors';
import { logAccess, type Origin } from '../access-log/access-log.repository';
import { type Actor, appendAudit } from '../audit/audit.repository';

/** Every API token starts so: it is told from a sign-in token (a JWT) before any lookup. */
const TOKEN_START = 'clt_';
/** What the token list shows of a token: its start, enough to tell tokens apart, useless to sign in. */
const PREFIX_LENGTH = TOKEN_START.length + 8;
/** Most tokens one user keeps open. */
export const MAX_API_TOKENS_PER_USER = 50;

export const isApiToken = (token: string) => token.startsWith(TOKEN_START);
/** 256 random bits: a plain SHA-256 is enough to keep them (nothing to guess), and one lookup finds them. */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const viewColumns = ['id', 'name', 'scope', 'prefix', 'createdAt', 'expiresAt', 'lastUsedAt'] as const;

/** Creates a token for the user; the token itself is answered once and only its hash is kept. */
export async function createApiToken(
  db: Db,
  user: Actor & { id: number; email: string },
  input: { name: string; scope: ApiTokenScope; expiresInDays: number },
  origin: Origin,
  now = new Date(),
): Promise<Omit<ApiTokenView, 'lastUsedAt'> & { token: string }> {
  const token = `${TOKEN_START}${crypto.randomBytes(32).toString('base64url')}`;
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('apiTokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', user.id)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_API_TOKENS_PER_USER) {
      throw conflict(`You have ${MAX_API_TOKENS_PER_USER} API tokens already: revoke one first`);
    }
    const row = await trx
      .insertInto('apiTokens')
      .values({
        userId: user.id,
        name: input.name,
        scope: input.scope,
        prefix: token.slice(0, PREFIX_LENGTH),
        tokenHash: hashOf(token),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + input.expiresInDays * 86_400_000).toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      })
      .returning(['id', 'name', 'scope', 'prefix', 'createdAt', 'expiresAt'])
      .executeTakeFirstOrThrow();
    const detail = `${row.name} (${row.prefix}…, ${row.scope})`;
    // The audit trail files a token under its user (its entities are the ledger's and the users').
    await appendAudit(trx, user, {
      action: 'api-token-created',
      entity: 'user',
      entityId: user.id,
      after: { tokenId: row.id, name: row.name, scope: row.scope, expiresAt: row.expiresAt },
    });
    await logAccess(trx, origin, { kind: 'api-token-created', userId: user.id, email: user.email, detail }, now);
    return { ...row, token };
  });
}

/** The user's tokens not revoked (expired ones too, marked by their date), newest first, without secrets. */
export function listApiTokens(db: Db, userId: number): Promise<ApiTokenView[]> {
  return db
    .selectFrom('apiTokens')
    .select(viewColumns)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('id', 'desc')
    .limit(MAX_API_TOKENS_PER_USER * 2)
    .execute();
}

/** Revokes one of the user's tokens; another user's id (or one revoked already) is a 404. */
export async function revokeApiToken(
  db: Db,
  user: { id: number; email: string },
  id: number,
  origin: Origin,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('apiTokens')
      .set({ revokedAt: now.toISOString() })
      .where('id', '=', id)
      .where('userId', '=', user.id)
      .where('revokedAt', 'is', null)
      .returning(['name', 'prefix'])
      .executeTakeFirst();
    if (!row) throw notFound('API token not found');
    await appendAudit(trx, user, {
      action: 'api-token-revoked',
      entity: 'user',
      entityId: user.id,
      before: { tokenId: id, name: row.name },
    });
    await logAccess(
      trx,
      origin,
      { kind: 'api-token-revoked', userId: user.id, email: user.email, detail: `${row.name} (${row.prefix}…)` },
      now,
    );
  });
}

/** The open token's user when the token is valid: not revoked, not expired, its user active. */
export function findApiTokenUser(db: Db, token: string, now: Date) {
  return db
    .selectFrom('apiTokens as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .select([
      't.id as tokenId',
      't.scope',
      't.name',
      't.prefix',
      't.lastUsedAt',
      'u.id as userId',
      'u.email',
      'u.firstName',
      'u.lastName',
      'u.role',
    ])
    .where('t.tokenHash', '=', hashOf(token))
    .where('t.revokedAt', 'is', null)
    .where('t.expiresAt', '>', now.toISOString())
    .where('u.isActive', '=', 1)
    .executeTakeFirst();
}

/** Notes a token's use (at most once a minute); its first use goes to the access log. */
export async function markApiTokenUsed(
  db: Db,
  row: { tokenId: number; lastUsedAt: string | null; userId: number; email: string; name: string; prefix: string },
  origin: Origin,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const first = await trx
      .updateTable('apiTokens')
      .set({ lastUsedAt: now.toISOString() })
      .where('id', '=', row.tokenId)
      .where('lastUsedAt', 'is', null)
      .executeTakeFirst();
    if (first.numUpdatedRows > 0n) {
      await logAccess(
        trx,
        origin,
        { kind: 'api-token-first-used', userId: row.userId, email: row.email, detail: `${row.name} (${row.prefix}…)` },
        now,
      );
    } else {
      await trx.updateTable('apiTokens').set({ lastUsedAt: now.toISOString() }).where('id', '=', row.tokenId).execute();
    }
  });
}
