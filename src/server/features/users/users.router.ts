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
    await ctx.services.mailer.sendResetLink(user, token);
    return { message: "Password reset link has been sent to the user's email" };
  }),
});
