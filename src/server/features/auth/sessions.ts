import { TRPCError } from '@trpc/server';
import type { ApiTokenScope } from '../../../shared/schemas/account';
import { READ_ONLY_TOKEN, SETUP_FIRST } from '../../trpc/access-messages';
import type { Db } from '../../db/types';
import { logAccess, type Origin } from '../access-log/access-log.repository';
import type { SessionUser } from './auth.repository';
import { findApiTokenUser, isApiToken, markApiTokenUsed } from './api-tokens.repository';
import { insertSession } from './sessions.repository';
import { perConnection } from '../../db/per-connection';
import { sqliteOf } from '../../db/database';
import type { SessionRow, UserRow } from '../../db/types';

/** Every request's lookup, prepared once: Kysely built this query anew on the main thread for each request. */
const sessionStatements = perConnection((q) => ({
  byId: q<
    [{ id: number }],
    Pick<SessionRow, 'createdAt' | 'lastSeenAt' | 'setupOnly'> &
      Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'isActive' | 'tokenVersion'>
  >(
    `select s."createdAt", s."lastSeenAt", s."setupOnly", u.id, u.email, u."firstName", u."lastName", u.role, u."isActive", u."tokenVersion"
     from sessions s join users u on u.id = s."userId" where s.id = @id`,
  ),
}));

/** How a request is signed in: a sign-in's session, or a personal API token (decisions 101 and 104). */
export type Credential =
  { kind: 'session'; sessionId: number; setupOnly: boolean } | { kind: 'token'; tokenId: number; scope: ApiTokenScope };

export interface Auth {
  user: SessionUser;
  via: Credential;
}

/** What a sign-in token or a download token says: whose, which session, which token version. */
export interface SessionClaim {
  userId: number;
  sessionId: number;
  tokenVersion: number;
}

export interface SessionSettings {
  idleMinutes: number;
  maxHours: number;
}

/** A session's last use is written at most this often, so reads do not become writes (decision 101). */
export const LAST_SEEN_EVERY_MS = 60_000;
const MAX_REMEMBERED = 1000;

interface Verified extends SessionClaim {
  expiresAt: number;
}

/**
 * Resolves a bearer token to its user and credential on every request: one lookup of the session row by
 * its primary key, joined to its user, on the main connection. The token's signature is checked once and
 * remembered until the token expires; the row decides the rest, so ending a session (sign-out, an admin,
 * deactivation, a password reset) ends its token at the next request, and the idle and absolute timeouts
 * are the server's. The last use is written at most once a minute, so the idle timeout may end a session
 * up to a minute early.
 */
export class Sessions {
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly db: Db,
    private readonly sign: (claim: SessionClaim) => string,
    /** Checks signature, algorithm and expiry; throws when any is wrong. */
    private readonly verify: (token: string) => { sub?: unknown; sid?: unknown; tv?: unknown; exp?: unknown },
    private readonly settings: SessionSettings,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Starts a session for a sign-in whose checks all passed, and answers its token. */
  async start(user: { id: number; tokenVersion: number }, origin: Origin, setupOnly = false): Promise<string> {
    const sessionId = await insertSession(this.db, user.id, origin, setupOnly, new Date(this.now()));
    return this.sign({ userId: user.id, sessionId, tokenVersion: user.tokenVersion });
  }

  /**
   * The user and credential of an Authorization header, or null (absent, invalid, ended, timed out).
   * `touch: false` checks without counting as a use (an open change stream asking whether its sign-in
   * still holds must not keep it from timing out).
   */
  async resolve(authorization: string | undefined, origin: Origin, touch = true): Promise<Auth | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    if (isApiToken(token)) return this.byApiToken(token, origin, touch);
    const claim = this.check(token);
    return claim ? this.bySession(claim, origin, touch) : null;
  }

  /**
   * The user of a request that needs full access (exports, imports): not a sign-in held to setting up its
   * second step, and for `write` not a read-only API token.
   */
  async userFor(authorization: string | undefined, need: 'read' | 'write' = 'read', origin: Origin = { ip: null, userAgent: null }) {
    const auth = await this.resolve(authorization, origin);
    return auth && hasFullAccess(auth, need) ? auth.user : null;
  }

  /** As `userFor`, but a refusal is thrown: 401 without a valid credential, 403 for one that may not do this. */
  async requireUser(authorization: string | undefined, need: 'read' | 'write', origin: Origin = { ip: null, userAgent: null }) {
    const auth = await this.resolve(authorization, origin);
    if (!auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    if (!hasFullAccess(auth, need)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: auth.via.kind === 'token' ? READ_ONLY_TOKEN : SETUP_FIRST });
    }
    return auth.user;
  }

  /** The session a claim names, when it is still open, its user active and its token version current. */
  async bySession(claim: SessionClaim, origin: Origin, touch = true): Promise<Auth | null> {
    const row = sessionStatements(sqliteOf(this.db)).byId.get({ id: claim.sessionId });
    if (!row || row.id !== claim.userId || row.tokenVersion !== claim.tokenVersion || row.isActive !== 1) return null;
    const now = this.now();
    const idle = now - Date.parse(row.lastSeenAt) > this.settings.idleMinutes * 60_000;
    if (idle || now - Date.parse(row.createdAt) > this.settings.maxHours * 3_600_000) {
      await this.timeOut(claim.sessionId, row, origin, idle);
      return null;
    }
    if (touch && now - Date.parse(row.lastSeenAt) >= LAST_SEEN_EVERY_MS) {
      await this.db
        .updateTable('sessions')
        .set({ lastSeenAt: new Date(now).toISOString() })
        .where('id', '=', claim.sessionId)
        .execute();
    }
    const { id, email, firstName, lastName, role } = row;
    return {
      user: { id, email, firstName, lastName, role },
      via: { kind: 'session', sessionId: claim.sessionId, setupOnly: row.setupOnly === 1 },
    };
  }

  private async timeOut(sessionId: number, user: { id: number; email: string }, origin: Origin, idle: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const ended = await trx.deleteFrom('sessions').where('id', '=', sessionId).executeTakeFirst();
      // Two requests may find the same session timed out: one entry.
      if (ended.numDeletedRows === 0n) return;
      const detail = idle
        ? `Unused for more than ${this.settings.idleMinutes} minutes`
        : `Signed in more than ${this.settings.maxHours} hours ago`;
      await logAccess(trx, origin, { kind: 'session-timeout', userId: user.id, email: user.email, detail }, new Date(this.now()));
    });
  }

  private async byApiToken(token: string, origin: Origin, touch: boolean): Promise<Auth | null> {
    const now = this.now();
    const row = await findApiTokenUser(this.db, token, new Date(now));
    if (!row) return null;
    if (touch && (row.lastUsedAt === null || now - Date.parse(row.lastUsedAt) >= LAST_SEEN_EVERY_MS)) {
      await markApiTokenUsed(this.db, row, origin, new Date(now));
    }
    const { userId: id, email, firstName, lastName, role } = row;
    return { user: { id, email, firstName, lastName, role }, via: { kind: 'token', tokenId: row.tokenId, scope: row.scope } };
  }

  private check(token: string): SessionClaim | null {
    const known = this.verified.get(token);
    if (known) {
      if (this.now() < known.expiresAt) return known;
      this.verified.delete(token);
      return null;
    }
    let payload: ReturnType<typeof this.verify>;
    try {
      payload = this.verify(token);
    } catch {
      return null;
    }
    const userId = Number(payload.sub);
    const { sid, tv, exp } = payload;
    if (!Number.isSafeInteger(userId) || typeof sid !== 'number' || typeof tv !== 'number' || typeof exp !== 'number') return null;
    const claim = { userId, sessionId: sid, tokenVersion: tv, expiresAt: exp * 1000 };
    if (this.verified.size >= MAX_REMEMBERED) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claim);
    return claim;
  }
}

/** Whether a credential may use the app beyond its own sign-in: not held to setup, and for writes not read-only. */
export function hasFullAccess(auth: Auth, need: 'read' | 'write'): boolean {
  if (auth.via.kind === 'session') return !auth.via.setupOnly;
  return need === 'read' || auth.via.scope === 'write';
}
