import { TRPCError } from '@trpc/server';
import { loginInput, resetPasswordInput } from '../../../shared/schemas/auth';
import { authedProcedure, publicProcedure, router } from '../../trpc/procedures';
import { auditSignIn, consumeResetToken, findUserByEmail, isOpenResetToken } from './auth.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

const invalidResetLink = () =>
  new TRPCError({ code: 'BAD_REQUEST', message: 'This reset link is invalid or has expired. Please request a new password reset.' });

/** Reset tokens whose new password is being hashed: a second use meanwhile is refused before hashing. */
const resetsInProgress = new Set<string>();

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { loginThrottle, signToken } = ctx.services;
    const attempt = loginThrottle.beginLogin(ctx.ip, input.email);
    try {
      const user = await findUserByEmail(ctx.db, input.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password, attempt.known)
        : (await burnPasswordCheck(input.password), false);
      await auditSignIn(ctx.db, input.email, user, ok);
      if (!user || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
      attempt.succeeded();
      return { token: signToken(user) };
    } finally {
      attempt.finished();
    }
  }),

  user: authedProcedure.query(({ ctx }) => ctx.user),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const attempt = ctx.services.loginThrottle.beginReset(ctx.ip);
    let claimed = false;
    try {
      // The link is checked before the new password is hashed, so bogus links cost no hashing.
      if (resetsInProgress.has(input.token) || !(await isOpenResetToken(ctx.db, input.token))) throw invalidResetLink();
      resetsInProgress.add(input.token);
      claimed = true;
      if (!(await consumeResetToken(ctx.db, input.token, await hashPassword(input.password)))) throw invalidResetLink();
      attempt.succeeded();
      return { message: 'Password has been reset' };
    } finally {
      if (claimed) resetsInProgress.delete(input.token);
      attempt.finished();
    }
  }),
});
