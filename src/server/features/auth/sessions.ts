import type { Db } from '../../db/types';
import { findSessionUser, type SessionUser } from './auth.repository';

interface Verified {
  id: number;
  tokenVersion: number;
  expiresAt: number;
}

const MAX_REMEMBERED = 1000;

/**
 * Resolves a bearer token to its user. A token whose signature has been checked is remembered until
 * it expires (its expiry is checked on every use, so caching never extends a session); the user row
 * for (id, token version) is read on every request, so a role change or a password reset takes effect
 * on the next one.
 */
export class Sessions {
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly db: Db,
    /** Checks signature, algorithm and expiry; throws when any is wrong. */
    private readonly verify: (token: string) => { sub?: unknown; tv?: unknown; exp?: unknown },
  ) {}

  async userFor(authorization: string | undefined): Promise<SessionUser | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const session = this.check(token);
    if (!session) return null;
    return (await findSessionUser(this.db, session.id, session.tokenVersion)) ?? null;
  }

  private check(token: string): Verified | null {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      this.verified.delete(token);
      return null;
    }
    let payload: ReturnType<typeof this.verify>;
    try {
      payload = this.verify(token);
    } catch {
      return null;
    }
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') return null;
    const session = { id, tokenVersion: payload.tv, expiresAt: payload.exp * 1000 };
    if (this.verified.size >= MAX_REMEMBERED) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, session);
    return session;
  }
}
