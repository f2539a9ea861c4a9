import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { loginInput, loginView, resetPasswordInput, tokenView } from '../../../shared/schemas/auth';
import { messageView } from '../../../shared/schemas/common';
import { userView } from '../../../shared/schemas/users';
import { loginTwoFactorInput } from '../../../shared/schemas/account';
import type { UserRow } from '../../db/types';
import { authedProcedure, publicProcedure, router, setupProcedure } from '../../trpc/procedures';
import type { Context } from '../../trpc/context';
import { logAccess, originOf } from '../access-log/access-log.repository';
import { auditSignIn, consumeResetToken, findUserByEmail, findUserRow, isOpenResetToken } from './auth.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { endSession } from './sessions.repository';
import { acceptTotpCode, twoFactorRequired, useRecoveryCode } from './two-factor.repository';
import { accountRouter } from './account.router';
import { twoFactorRouter } from './two-factor.router';

const invalidResetLink = () =>
  new TRPCError({ code: 'BAD_REQUEST', message: 'This reset link is invalid or has expired. Please request a new password reset.' });
const wrongPassword = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
export const DISABLED_MESSAGE = 'This account is disabled. Ask an admin to reactivate it.';
const expiredChallenge = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'This sign-in has expired. Sign in again.' });

/** Reset tokens whose new password is being hashed: a second use meanwhile is refused before hashing. */
const resetsInProgress = new Set<string>();

/** Starts the session of a sign-in whose checks all passed; REQUIRE_TWO_FACTOR may hold it to setup. */
async function signIn(ctx: Context, user: UserRow, how: string) {
  const setupOnly = user.twoFactorEnabledAt === null && twoFactorRequired(ctx.services.config.requireTwoFactor, user.role);
  const token = await ctx.services.sessions.start(user, originOf(ctx), setupOnly);
  await auditSignIn(ctx.db, user.email, user, true);
  const detail = setupOnly ? `${how}; two-step sign-in must be set up first` : how;
  await logAccess(ctx.db, originOf(ctx), { kind: 'sign-in', userId: user.id, email: user.email, detail });
  return setupOnly ? { token, twoFactorSetupRequired: true as const } : { token };
}

export const authRouter = router({
  /**
   * Email and password: one argon2 check, then a session (decision 101), or with a second step on a
   * challenge for its code (decision 102). A deactivated account is named only when the password was right.
   */
  login: publicProcedure
    .input(loginInput)
    .output(loginView)
    .mutation(async ({ ctx, input }) => {
      const attempt = ctx.services.loginThrottle.beginLogin(ctx.ip, input.email);
      try {
        const user = await findUserByEmail(ctx.db, input.email);
        const ok = user
          ? await verifyPassword(user.passwordHash, input.password, attempt.known)
          : (await burnPasswordCheck(input.password), false);
        if (!user || !ok) {
          await auditSignIn(ctx.db, input.email, user, false);
          await logAccess(ctx.db, originOf(ctx), {
            kind: 'sign-in-failed',
            userId: user?.id ?? null,
            email: input.email,
            detail: 'Wrong email or password',
          });
          throw wrongPassword();
        }
        if (user.twoFactorEnabledAt !== null) attempt.passed();
        else attempt.succeeded();
        if (user.isActive !== 1) {
          await auditSignIn(ctx.db, input.email, user, false);
          await logAccess(ctx.db, originOf(ctx), {
            kind: 'sign-in-failed',
            userId: user.id,
            email: input.email,
            detail: 'Account deactivated',
          });
          throw new TRPCError({ code: 'FORBIDDEN', message: DISABLED_MESSAGE });
        }
        if (user.twoFactorEnabledAt !== null) {
          return { twoFactorRequired: true as const, challengeToken: ctx.services.challenges.create(user.id, user.email) };
        }
        return await signIn(ctx, user, 'Password');
      } finally {
        attempt.finished();
      }
    }),

  /** The second step: a code from the authenticator app, or a recovery code, for an open challenge. */
  loginTwoFactor: publicProcedure
    .input(loginTwoFactorInput)
    .output(tokenView)
    .mutation(async ({ ctx, input }) => {
      const { challenges, loginThrottle } = ctx.services;
      const challenge = challenges.find(input.challengeToken);
      if (!challenge) throw expiredChallenge();
      // Wrong codes count as wrong passwords do (decision 010).
      const attempt = loginThrottle.beginLogin(ctx.ip, challenge.email);
      try {
        const user = await findUserRow(ctx.db, challenge.userId);
        if (!user || user.isActive !== 1 || user.twoFactorEnabledAt === null) {
          challenges.consume(input.challengeToken);
          throw expiredChallenge();
        }
        const now = Date.now();
        const recoveryLeft = 'recoveryCode' in input ? await useRecoveryCode(ctx.db, user.id, input.recoveryCode, new Date(now)) : null;
        const ok = 'code' in input ? await acceptTotpCode(ctx.db, user.id, input.code, now) : recoveryLeft !== null;
        if (!ok) {
          const left = challenges.fail(input.challengeToken);
          const what = 'code' in input ? 'Wrong code' : 'Wrong recovery code';
          await logAccess(ctx.db, originOf(ctx), {
            kind: 'two-factor-failed',
            userId: user.id,
            email: user.email,
            detail: left ? what : `${what}; sign-in ended`,
          });
          throw new TRPCError({
            code: 'UNAUTHORIZED',
            message: left
              ? 'code' in input
                ? 'That code is not valid. Try the newest code from your app.'
                : 'That recovery code is not valid.'
              : 'Too many wrong codes. Sign in again.',
          });
        }
        if (!challenges.consume(input.challengeToken)) throw expiredChallenge();
        attempt.succeeded();
        if (recoveryLeft !== null) {
          await logAccess(ctx.db, originOf(ctx), {
            kind: 'recovery-code-used',
            userId: user.id,
            email: user.email,
            detail: `${recoveryLeft} left`,
          });
        }
        const { token } = await signIn(ctx, user, recoveryLeft !== null ? 'Password and recovery code' : 'Password and code');
        return { token };
      } finally {
        attempt.finished();
      }
    }),

  user: authedProcedure.output(userView).query(({ ctx }) => ctx.user),

  account: accountRouter,
  twoFactor: twoFactorRouter,

  /** Ends the caller's session: its token is refused from now on. */
  logout: setupProcedure.output(z.null()).mutation(async ({ ctx }) => {
    const via = ctx.auth?.via;
    if (via?.kind === 'session') {
      await endSession(ctx.db, ctx.user.id, via.sessionId, originOf(ctx), { kind: 'sign-out', userId: ctx.user.id, email: ctx.user.email });
    }
    return null;
  }),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(messageView)
    .mutation(async ({ ctx, input }) => {
      const attempt = ctx.services.loginThrottle.beginReset(ctx.ip);
      let claimed = false;
      try {
        // The link is checked before the new password is hashed, so bogus links cost no hashing.
        if (resetsInProgress.has(input.token) || !(await isOpenResetToken(ctx.db, input.token))) throw invalidResetLink();
        resetsInProgress.add(input.token);
        claimed = true;
        if (!(await consumeResetToken(ctx.db, input.token, await hashPassword(input.password), originOf(ctx)))) throw invalidResetLink();
        attempt.succeeded();
        return { message: 'Password has been reset' };
      } finally {
        if (claimed) resetsInProgress.delete(input.token);
        attempt.finished();
      }
    }),
});
