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
