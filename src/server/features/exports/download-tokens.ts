import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** How long a download link works (decision 022). */
export const DOWNLOAD_TOKEN_SECONDS = 60;

export interface DownloadTokens {
  sign(user: { id: number; tokenVersion: number }): string;
  /** The user and token version a download token names; null when it is not one, or has expired. */
  verify(token: string): { id: number; tokenVersion: number } | null;
}

/**
 * Short-lived tokens for export links (decision 022), signed with a key derived from the JWT secret,
 * so a download token is never a session token and a session token is never a download token.
 */
export function downloadTokens(app: FastifyInstance, jwtSecret: string): DownloadTokens {
  const key = crypto.createHash('sha256').update(`${jwtSecret}\0export-download`).digest();
  return {
    sign: (user) =>
      app.jwt.sign({ sub: String(user.id), tv: user.tokenVersion, use: 'download' }, { key, expiresIn: DOWNLOAD_TOKEN_SECONDS }),
    verify(token) {
      try {
        const payload: { sub?: unknown; tv?: unknown; use?: unknown } = app.jwt.verify(token, { key });
        const id = Number(payload.sub);
        if (payload.use !== 'download' || !Number.isSafeInteger(id) || typeof payload.tv !== 'number') return null;
        return { id, tokenVersion: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
