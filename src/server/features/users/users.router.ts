import { changeRoleInput, createUserInput, userIdInput } from '../../../shared/schemas/users';
import { notFound } from '../../errors/domain-errors';
import { adminProcedure, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { createResetToken } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import { findUser, insertUser, listUsers, updateRole } from './users.repository';

export const usersRouter = router({
  list: adminProcedure.query(({ ctx }) => listUsers(ctx.db)),

  create: adminProcedure.input(createUserInput).mutation(async ({ ctx, input }) => {
    const { password, ...rest } = input;
    return insertUser(ctx.db, { ...rest, passwordHash: await hashPassword(password) }, actorOf(ctx.user));
  }),

  changeRole: adminProcedure
    .input(changeRoleInput)
    .mutation(({ ctx, input }) => updateRole(ctx.db, input.id, input.role, actorOf(ctx.user))),

  sendResetLink: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const user = await findUser(ctx.db, input.id);
    if (!user) throw notFound('User not found');
    const token = await createResetToken(ctx.db, user.id, actorOf(ctx.user));
    const delivery = await ctx.services.mailer.sendResetLink(user, token);
    // Says where the link went (decision 114): the spec's text when it was mailed, the outbox otherwise.
    return delivery.sentTo === 'email'
      ? { sentTo: delivery.sentTo, message: "Password reset link has been sent to the user's email" }
      : {
          sentTo: delivery.sentTo,
          message: `No mail server is set up (SMTP_URL), so nothing was mailed: the reset link for ${user.email} was written to the server's outbox folder (outbox/${delivery.file} in the data folder) and to its log. Hand it to them yourself.`,
        };
  }),
});
