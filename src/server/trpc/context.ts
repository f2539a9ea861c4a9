import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { LoginThrottle } from '../features/auth/login-throttle';
import type { SessionUser } from '../features/auth/auth.repository';
import type { Auth, Sessions } from '../features/auth/sessions';
import type { Mailer } from '../mail/mailer';
import type { Challenges } from '../features/auth/challenges';
import type { Readers } from '../reads/readers';
import type { DownloadTokens } from '../features/exports/download-tokens';
import type { LedgerCheckRuns } from '../features/audit/ledger-check-runs';
import type { ChangeHub } from '../changes/change-hub';

/** What procedures may use besides the database: built once per server. */
export interface AppServices {
  config: Config;
  mailer: Mailer;
  loginThrottle: LoginThrottle;
  /** Sign-in sessions and API tokens: starts sessions, resolves every request's credential (decision 101). */
  sessions: Sessions;
  /** Challenges of two-step sign-ins waiting for their code (decision 102). */
  challenges: Challenges;
  /** Runs the read procedures' queries off the main thread (docs/decisions/020). */
  readers: Readers;
  /** One-use, one-minute tokens for export links, each for one export and its filters (decisions 022, 086). */
  downloadTokens: DownloadTokens;
  /** The on-demand ledger check, started and polled (decision 087). */
  ledgerChecks: LedgerCheckRuns;
  /** The change stream's fan-out: every committed change, to every open GET /api/events (decision 150). */
  changes: ChangeHub;
}

export interface Context {
  db: Db;
  services: AppServices;
  user: SessionUser | null;
  ip: string;
  /**
   * How the request is signed in. Absent for server-side callers (tests, commands), which act as a full
   * sign-in of `user`.
   */
  auth?: Auth | null;
  userAgent?: string | null;
  /**
   * 'json': a read procedure answers with its JSON text, serialised in the read's thread (a `JsonAnswer`),
   * for the HTTP layer to send as it is (http/read-answers.ts, decision 211). Otherwise it answers the value.
   */
  answer?: 'json';
}

/** The part of the context tests can build directly. */
export function createContextInner(opts: Context): Context {
  return opts;
}

export function contextFactory(db: Db, services: AppServices) {
  return async ({ req }: { req: FastifyRequest }): Promise<Context> => {
    const userAgent = req.headers['user-agent'] ?? null;
    const auth = await services.sessions.resolve(req.headers.authorization, { ip: req.ip, userAgent });
    return createContextInner({ db, services, user: auth?.user ?? null, auth, ip: req.ip, userAgent });
  };
}
