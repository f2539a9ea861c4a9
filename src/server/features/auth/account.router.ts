import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  apiTokenView,
  changePasswordInput,
  createApiTokenInput,
  createdApiTokenView,
  sessionIdInput,
  sessionView,
} from '../../../shared/schemas/account';
import { messageView } from '../../../shared/schemas/common';
import { fieldError, notFound } from '../../errors/domain-errors';
import { accountProcedure, router, setupProcedure } from '../../trpc/procedures';
import { actorOf, appendAudit } from '../audit/audit.repository';
import { logAccess, originOf, sessionsCount } from '../access-log/access-log.repository';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.repository';
import { findUserRow } from './auth.repository';
import { hashPassword, verifyPassword } from './passwords';
import { endSession, endUserSessions, listSessions } from './sessions.repository';

/** The caller's session id; every procedure here is open to sessions only. */
function sessionOf(ctx: { auth?: { via: { kind: string; sessionId?: number } } | null }): number | null {
  return ctx.auth?.via.kind === 'session' ? (ctx.auth.via.sessionId ?? null) : null;
}

/** The signed-in user's own account: sessions, password and API tokens (decisions 101 and 104). */
export const accountRouter = router({
  sessions: accountProcedure.output(z.array(sessionView)).query(({ ctx }) => listSessions(ctx.db, ctx.user.id, sessionOf(ctx))),

  /** Ends one of the caller's sessions; another user's session id is a 404. */
  endSession: accountProcedure
    .input(sessionIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const current = sessionOf(ctx) === input.id;
      const ended = await endSession(ctx.db, ctx.user.id, input.id, originOf(ctx), {
        kind: current ? 'sign-out' : 'session-ended',
        userId: ctx.user.id,
        email: ctx.user.email,
        detail: current ? null : `by ${ctx.user.email}`,
      });
      if (!ended) throw notFound('Session not found');
    }),

  /** Ends every session of the caller, this one included. Open to a sign-in held to setup too. */
  logoutAll: setupProcedure.output(z.void()).mutation(async ({ ctx }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const ended = await endUserSessions(trx, ctx.user.id);
      await logAccess(trx, originOf(ctx), {
        kind: 'sign-out',
        userId: ctx.user.id,
        email: ctx.user.email,
        detail: `Everywhere: ${sessionsCount(ended)} ended`,
      });
    });
  }),

  /**
   * Changes the caller's password: the current one is required (checked under the sign-in throttle, so
   * this is no way around it), and every other session ends.
   */
  changePassword: accountProcedure
    .input(changePasswordInput)
    .output(messageView)
    .mutation(async ({ ctx, input }) => {
      const attempt = ctx.services.loginThrottle.beginLogin(ctx.ip, ctx.user.email);
      try {
        const user = await findUserRow(ctx.db, ctx.user.id);
        if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
        if (!(await verifyPassword(user.passwordHash, input.currentPassword, attempt.known))) {
          throw fieldError('currentPassword', 'Current password is incorrect');
        }
        attempt.succeeded();
        const passwordHash = await hashPassword(input.newPassword);
        await ctx.db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ passwordHash }).where('id', '=', user.id).execute();
          const ended = await endUserSessions(trx, user.id, sessionOf(ctx));
          await appendAudit(trx, actorOf(ctx.user), { action: 'password-changed', entity: 'user', entityId: user.id });
          await logAccess(trx, originOf(ctx), {
            kind: 'password-changed',
            userId: user.id,
            email: user.email,
            detail: `${sessionsCount(ended)} ended`,
          });
        });
        return { message: 'Your password has been changed' };
      } finally {
        attempt.finished();
      }
    }),

  apiTokens: accountProcedure.output(z.array(apiTokenView)).query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),

  createApiToken: accountProcedure
    .input(createApiTokenInput)
    .output(createdApiTokenView)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input, originOf(ctx))),

  revokeApiToken: accountProcedure
    .input(sessionIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user, input.id, originOf(ctx))),
});
