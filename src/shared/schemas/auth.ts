import { z } from 'zod';
import { emailField, newPassword } from './common';

export const loginInput = z.strictObject({
  email: emailField('Enter a valid email address'),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
export type LoginInput = z.input<typeof loginInput>;

export const resetPasswordInput = z.strictObject({
  token: z
    .string({ error: 'Invalid reset link. Please request a new password reset.' })
    .min(1, { error: 'Invalid reset link. Please request a new password reset.' })
    .max(200),
  password: newPassword,
});

/**
 * A sign-in's answer: a session token; or, with a second step on, a challenge for its code; or a token
 * held to setting up the second step (REQUIRE_TWO_FACTOR).
 */
export const loginView = z.union([
  z.object({ token: z.string(), twoFactorSetupRequired: z.literal(true).optional() }),
  z.object({ twoFactorRequired: z.literal(true), challengeToken: z.string() }),
]);
export const tokenView = z.object({ token: z.string() });
