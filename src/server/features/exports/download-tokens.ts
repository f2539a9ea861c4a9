import crypto from 'node:crypto';

/** How long a download link works (decision 022). */
export const DOWNLOAD_TOKEN_SECONDS = 60;
/** Links one user may hold unused at once; issuing more forgets that user's oldest. */
const PER_USER = 20;
/** Links held in all, whoever asked; past it the oldest are forgotten (memory stays bounded). */
const IN_ALL = 10_000;

/** Whose link it is, and the sign-in session it was asked from: signing out ends its links (decision 101). */
export interface DownloadUser {
  id: number;
  tokenVersion: number;
  sessionId: number;
}

export interface DownloadTokens {
  /** A one-use link token for `user`, for the export `target` names (`exportTarget`). */
  issue(user: DownloadUser, target: string): string;
  /**
   * The user a token was issued to, if it is unused, unexpired and was issued for `target`; the token is
   * then used up. Null otherwise (a token for another export or other filters stays unused).
   */
  redeem(token: string, target: string): DownloadUser | null;
}

/**
 * What a download link is for: the export's file and its filters, as the link's query carries them
 * (keys sorted; absent and empty values dropped, as the web app's links drop them; numbers as their
 * text). A token issued for one target opens no other.
 */
export function exportTarget(file: string, filters: Record<string, unknown>): string {
  const kept = Object.keys(filters)
    .filter((key) => filters[key] !== undefined && filters[key] !== null && filters[key] !== '')
    .sort()
    .map((key) => [key, typeof filters[key] === 'number' ? String(filters[key]) : filters[key]]);
  return JSON.stringify([file, kept]);
}

/**
 * Download tokens for export links (decisions 022 and 086): random, kept in memory only, used up by
 * their first download, bound to the export and filters they were asked for, and gone after a minute.
 * A session token is never a download token nor the reverse (they are not even the same kind of thing).
 */
export function downloadTokens(now: () => number = Date.now): DownloadTokens {
  const issued = new Map<string, { user: DownloadUser; target: string; expires: number }>();
  const forgetExpired = () => {
    const t = now();
    for (const [token, grant] of issued) if (grant.expires <= t) issued.delete(token);
  };
  return {
    issue(user, target) {
      forgetExpired();
      const mine = [...issued].filter(([, g]) => g.user.id === user.id);
      for (const [token] of mine.slice(0, Math.max(0, mine.length - PER_USER + 1))) issued.delete(token);
      // A Map keeps insertion order: the first keys are the oldest.
      for (const token of issued.keys()) {
        if (issued.size < IN_ALL) break;
        issued.delete(token);
      }
      const token = crypto.randomBytes(32).toString('base64url');
      issued.set(token, { user, target, expires: now() + DOWNLOAD_TOKEN_SECONDS * 1000 });
      return token;
    },
    redeem(token, target) {
      const grant = issued.get(token);
      if (!grant || grant.expires <= now()) {
        issued.delete(token);
        return null;
      }
      if (grant.target !== target) return null;
      issued.delete(token);
      return grant.user;
    },
  };
}
