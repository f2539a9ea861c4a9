import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { LoginThrottle } from '../features/auth/login-throttle';
import { findSessionUser, type SessionUser } from '../features/auth/auth.repository';
import type { Mailer } from '../mail/mailer';

/** What procedures may use besides the database: built once per server. */
export interface AppServices {
  config: Config;
  mailer: Mailer;
  loginThrottle: LoginThrottle;
  signToken: (user: { id: number; tokenVersion: number }) => string;
}

export interface Context {
  db: Db;
  services: AppServices;
  user: SessionUser | null;
  ip: string;
}

/** The part of the context tests can build directly. */
export function createContextInner(opts: Context): Context {
  return opts;
}

interface TokenPayload {
  sub?: unknown;
  tv?: unknown;
}

/** Resolves the bearer token to a user, or null; never throws (procedures enforce access). */
export async function userFromRequest(req: FastifyRequest, db: Db): Promise<SessionUser | null> {
  if (!req.headers.authorization) return null;
  try {
    const payload = await req.jwtVerify<TokenPayload>();
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || typeof payload.tv !== 'number') return null;
    return await findSessionUser(db, id, payload.tv);
  } catch {
    return null;
  }
}

export function contextFactory(db: Db, services: AppServices) {
  return async ({ req }: { req: FastifyRequest }): Promise<Context> =>
    createContextInner({ db, services, user: await userFromRequest(req, db), ip: req.ip });
}
