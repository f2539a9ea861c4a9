import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SessionClaim } from '../auth/sessions';

/** How long a download link works (decision 022). */
export const DOWNLOAD_TOKEN_SECONDS = 60;

export interface DownloadTokens {
  sign(claim: SessionClaim): string;
  /** The session a download token names (so signing out ends its links); null when it is not one, or has expired. */
  verify(token: string): SessionClaim | null;
}

/**
 * Short-lived tokens for export links (decision 022), signed with a key derived from the JWT secret,
 * so a download token is never a session token and a session token is never a download token.
 */
export function downloadTokens(app: FastifyInstance, jwtSecret: string): DownloadTokens {
  const key = crypto.createHash('sha256').update(`${jwtSecret}\0export-download`).digest();
  return {
    sign: (claim) =>
      app.jwt.sign(
        { sub: String(claim.userId), sid: claim.sessionId, tv: claim.tokenVersion, use: 'download' },
        { key, expiresIn: DOWNLOAD_TOKEN_SECONDS },
      ),
    verify(token) {
      try {
        const payload: { sub?: unknown; sid?: unknown; tv?: unknown; use?: unknown } = app.jwt.verify(token, { key });
        const userId = Number(payload.sub);
        const { sid, tv } = payload;
        if (payload.use !== 'download' || !Number.isSafeInteger(userId) || typeof sid !== 'number' || typeof tv !== 'number') return null;
        return { userId, sessionId: sid, tokenVersion: tv };
      } catch {
        return null;
      }
    },
  };
}
