import { TRPCError } from '@trpc/server';
import { loginInput, resetPasswordInput } from '../../../shared/schemas/auth';
import { authedProcedure, publicProcedure, router } from '../../trpc/procedures';
import { consumeResetToken, findUserByEmail } from './auth.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { loginThrottle, signToken } = ctx.services;
    loginThrottle.assertAllowed(ctx.ip, input.email);
    const user = await findUserByEmail(ctx.db, input.email);
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!user || !ok) {
      loginThrottle.recordFailure(ctx.ip, input.email);
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    }
    loginThrottle.recordSuccess(input.email);
    return { token: signToken(user) };
  }),

  user: authedProcedure.query(({ ctx }) => ctx.user),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const ok = await consumeResetToken(ctx.db, input.token, await hashPassword(input.password));
    if (!ok) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'This reset link is invalid or has expired. Please request a new password reset.',
      });
    }
    return { message: 'Password has been reset' };
  }),
});
