import { z } from 'zod';
import { sessionView } from '../../../shared/schemas/account';
import { messageView } from '../../../shared/schemas/common';
import {
  changeRoleInput,
  createUserInput,
  resetLinkSentView,
  userIdInput,
  userListRow,
  userStatusInput,
  userView,
} from '../../../shared/schemas/users';
import { conflict, notFound } from '../../errors/domain-errors';
import { router, userAdminProcedure } from '../../trpc/procedures';
import { actorOf, appendAudit } from '../audit/audit.repository';
import { logAccess, originOf, sessionsCount } from '../access-log/access-log.repository';
import { createResetToken, findUserRow } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import { endUserSessions, listSessions } from '../auth/sessions.repository';
import { clearTwoFactor } from '../auth/two-factor.repository';
import { findUserListRow, insertUser, listUsers, setUserActive, updateRole } from './users.repository';

/** Managing users: admins signed in with a session, never an API token (decision 104). */
export const usersRouter = router({
  list: userAdminProcedure.output(z.array(userListRow)).query(({ ctx }) => listUsers(ctx.db)),

  create: userAdminProcedure
    .input(createUserInput)
    .output(userListRow)
    .mutation(async ({ ctx, input }) => {
      const { password, ...rest } = input;
      const user = await insertUser(ctx.db, { ...rest, passwordHash: await hashPassword(password) }, actorOf(ctx.user));
      return { ...user, isActive: true, twoFactorEnabled: false };
    }),

  changeRole: userAdminProcedure
    .input(changeRoleInput)
    .output(userView)
    .mutation(({ ctx, input }) => updateRole(ctx.db, input.id, input.role, actorOf(ctx.user), originOf(ctx))),

  /** Deactivates (or reactivates) a user: PATCH /api/admin/users/{id}/status (decision 100). */
  setStatus: userAdminProcedure
    .input(userStatusInput)
    .output(userListRow)
    .mutation(({ ctx, input }) => setUserActive(ctx.db, input.id, input.isActive, ctx.user, originOf(ctx))),

  sendResetLink: userAdminProcedure
    .input(userIdInput)
    .output(resetLinkSentView)
    .mutation(async ({ ctx, input }) => {
      const user = await findUserListRow(ctx.db, input.id);
      if (!user) throw notFound('User not found');
      if (!user.isActive) throw conflict('This user is deactivated: reactivate them before sending a reset link');
      const token = await createResetToken(ctx.db, user, actorOf(ctx.user), originOf(ctx));
      const delivery = await ctx.services.mailer.sendResetLink(user, token);
      // Says where the link went (decision 114): the spec's text when it was mailed, the outbox otherwise.
      return delivery.sentTo === 'email'
        ? { sentTo: delivery.sentTo, message: "Password reset link has been sent to the user's email" }
        : {
            sentTo: delivery.sentTo,
            message: `No mail server is set up (SMTP_URL), so nothing was mailed: the reset link for ${user.email} was written to the server's outbox folder (outbox/${delivery.file} in the data folder) and to its log. Hand it to them yourself.`,
          };
    }),

  /** A user's open sessions (the admin's own current one marked). */
  sessions: userAdminProcedure
    .input(userIdInput)
    .output(z.array(sessionView))
    .query(async ({ ctx, input }) => {
      if (!(await findUserRow(ctx.db, input.id))) throw notFound('User not found');
      const via = ctx.auth?.via;
      return listSessions(ctx.db, input.id, via?.kind === 'session' ? via.sessionId : null);
    }),

  /** Ends every session of a user. */
  endSessions: userAdminProcedure
    .input(userIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction().execute(async (trx) => {
        const user = await findUserRow(trx, input.id);
        if (!user) throw notFound('User not found');
        const ended = await endUserSessions(trx, input.id);
        await appendAudit(trx, actorOf(ctx.user), {
          action: 'sessions-ended',
          entity: 'user',
          entityId: input.id,
          after: { sessions: ended },
        });
        await logAccess(trx, originOf(ctx), {
          kind: 'session-ended',
          userId: input.id,
          email: user.email,
          detail: `${sessionsCount(ended)} ended by ${ctx.user.email}`,
        });
      });
    }),

  /**
   * Turns off another user's second step (a lost phone): their sessions end and their next sign-in asks
   * for the password alone (or, under REQUIRE_TWO_FACTOR, sets the second step up again).
   */
  disableTwoFactor: userAdminProcedure
    .input(userIdInput)
    .output(messageView)
    .mutation(async ({ ctx, input }) => {
      if (input.id === ctx.user.id) throw conflict('Turn off your own two-step sign-in from your Profile');
      return ctx.db.transaction().execute(async (trx) => {
        const user = await findUserRow(trx, input.id);
        if (!user) throw notFound('User not found');
        if (user.twoFactorEnabledAt === null) throw conflict('Two-step sign-in is not on for this user');
        await clearTwoFactor(trx, input.id);
        const ended = await endUserSessions(trx, input.id);
        await appendAudit(trx, actorOf(ctx.user), { action: 'two-factor-off', entity: 'user', entityId: input.id });
        await logAccess(trx, originOf(ctx), {
          kind: 'two-factor-disabled',
          userId: input.id,
          email: user.email,
          detail: `by ${ctx.user.email}; ${sessionsCount(ended)} ended`,
        });
        return { message: 'Two-step sign-in is off for this user' };
      });
    }),
});
