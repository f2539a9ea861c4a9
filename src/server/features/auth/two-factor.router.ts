import { TRPCError } from '@trpc/server';
import {
  disableTwoFactorInput,
  enableTwoFactorInput,
  recoveryCodesView,
  twoFactorSetupView,
  twoFactorStatusView,
} from '../../../shared/schemas/account';
import { messageView } from '../../../shared/schemas/common';
import { conflict, fieldError } from '../../errors/domain-errors';
import { accountProcedure, router, setupProcedure } from '../../trpc/procedures';
import { actorOf, appendAudit } from '../audit/audit.repository';
import { logAccess, originOf } from '../access-log/access-log.repository';
import { findUserRow } from './auth.repository';
import { verifyPassword } from './passwords';
import {
  acceptTotpCode,
  clearTwoFactor,
  codeStep,
  newTotpSecret,
  otpauthUrl,
  replaceRecoveryCodes,
  twoFactorRequired,
  useRecoveryCode,
} from './two-factor.repository';

const RECOVERY_SHAPE = /^[A-Za-z2-7]{5}(-?[A-Za-z2-7]{5}){3}$/;

/** The caller's second step (decision 102): set up, turn on with a code, turn off with password and code. */
export const twoFactorRouter = router({
  /** Whether the caller's second step is on, how many recovery codes are left, and whether it is required. */
  status: setupProcedure.output(twoFactorStatusView).query(async ({ ctx }) => {
    const user = await findUserRow(ctx.db, ctx.user.id);
    const left = await ctx.db
      .selectFrom('recoveryCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', ctx.user.id)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      enabled: user?.twoFactorEnabledAt != null,
      recoveryCodesLeft: Number(left.n),
      required: twoFactorRequired(ctx.services.config.requireTwoFactor, ctx.user.role),
    };
  }),

  /** A new secret for the authenticator app; nothing changes until `enable` gets a valid code for it. */
  setup: setupProcedure.output(twoFactorSetupView).mutation(async ({ ctx }) => {
    const user = await findUserRow(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    if (user.twoFactorEnabledAt !== null) throw conflict('Two-step sign-in is already on');
    const secret = newTotpSecret();
    await ctx.db.updateTable('users').set({ twoFactorSecret: secret, twoFactorLastStep: null }).where('id', '=', user.id).execute();
    return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
  }),

  /** Turns the second step on with a valid code of the secret set up; answers ten recovery codes, once. */
  enable: setupProcedure
    .input(enableTwoFactorInput)
    .output(recoveryCodesView)
    .mutation(async ({ ctx, input }) => {
      const now = Date.now();
      return ctx.db.transaction().execute(async (trx) => {
        const user = await findUserRow(trx, ctx.user.id);
        if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
        if (user.twoFactorEnabledAt !== null) throw conflict('Two-step sign-in is already on');
        if (user.twoFactorSecret === null) throw conflict('Start the setup first');
        const step = codeStep(user.twoFactorSecret, input.code, now);
        if (step === null) throw fieldError('code', 'That code is not valid. Try the newest code from your app.');
        await trx
          .updateTable('users')
          .set({ twoFactorEnabledAt: new Date(now).toISOString(), twoFactorLastStep: step })
          .where('id', '=', user.id)
          .execute();
        const recoveryCodes = await replaceRecoveryCodes(trx, user.id);
        // A sign-in held to this setup is free from now on.
        await trx.updateTable('sessions').set({ setupOnly: 0 }).where('userId', '=', user.id).execute();
        await appendAudit(trx, actorOf(ctx.user), { action: 'two-factor-on', entity: 'user', entityId: user.id });
        await logAccess(trx, originOf(ctx), { kind: 'two-factor-enabled', userId: user.id, email: user.email });
        return { recoveryCodes };
      });
    }),

  /** Turns the second step off: the password and a code (or a recovery code). Refused where it is required. */
  disable: accountProcedure
    .input(disableTwoFactorInput)
    .output(messageView)
    .mutation(async ({ ctx, input }) => {
      const user = await findUserRow(ctx.db, ctx.user.id);
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
      if (user.twoFactorEnabledAt === null) throw conflict('Two-step sign-in is not on');
      if (twoFactorRequired(ctx.services.config.requireTwoFactor, user.role)) {
        throw conflict('Two-step sign-in is required for your account (REQUIRE_TWO_FACTOR)');
      }
      const attempt = ctx.services.loginThrottle.beginLogin(ctx.ip, user.email);
      try {
        if (!(await verifyPassword(user.passwordHash, input.password, attempt.known)))
          throw fieldError('password', 'Password is incorrect');
        const code = input.code.trim();
        const ok = /^\d{6}$/.test(code)
          ? await acceptTotpCode(ctx.db, user.id, code, Date.now())
          : RECOVERY_SHAPE.test(code) && (await useRecoveryCode(ctx.db, user.id, code, new Date())) !== null;
        if (!ok) throw fieldError('code', 'That code is not valid. Try the newest code from your app.');
        attempt.succeeded();
        await ctx.db.transaction().execute(async (trx) => {
          await clearTwoFactor(trx, user.id);
          await appendAudit(trx, actorOf(ctx.user), { action: 'two-factor-off', entity: 'user', entityId: user.id });
          await logAccess(trx, originOf(ctx), { kind: 'two-factor-disabled', userId: user.id, email: user.email, detail: 'by the user' });
        });
        return { message: 'Two-step sign-in is off' };
      } finally {
        attempt.finished();
      }
    }),
});
