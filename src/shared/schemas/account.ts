import { z } from 'zod';
import { id, idNumber, newPassword, nameField } from './common';
import { API_TOKEN_MAX_DAYS } from '../limits';

/** A six-digit code from an authenticator app (RFC 6238: 30 s steps, 6 digits, SHA-1). */
export const totpCode = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code' });

/** A recovery code as printed (groups of letters and digits), any case, dashes and spaces optional. */
export const recoveryCode = z
  .string({ error: 'Enter a recovery code' })
  .trim()
  .min(1, { error: 'Enter a recovery code' })
  .max(64, { error: 'Enter a recovery code' });

const challengeToken = z.string({ error: 'Sign in again' }).min(1, { error: 'Sign in again' }).max(200);

export const loginTwoFactorInput = z.union(
  [z.strictObject({ challengeToken, code: totpCode }), z.strictObject({ challengeToken, recoveryCode })],
  { error: 'Enter the 6-digit code or a recovery code' },
);

export const enableTwoFactorInput = z.strictObject({ code: totpCode });

/** Turning the second step off: the password and a code, or a recovery code in `code`. */
export const disableTwoFactorInput = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
  code: recoveryCode,
});

export const changePasswordInput = z.strictObject({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }).max(200),
  newPassword,
});

export const sessionIdInput = z.strictObject({ id });

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const createApiTokenInput = z.strictObject({
  name: nameField('Name is required', 100),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Scope must be read or write' }),
  expiresInDays: z
    .number({ error: `Expires in must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}` })
    .int({ error: `Expires in must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}` })
    .min(1, { error: `Expires in must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}` })
    .max(API_TOKEN_MAX_DAYS, { error: `Expires in must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}` }),
});

export const sessionView = z.object({
  id: idNumber,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

export const apiTokenView = z.object({
  id: idNumber,
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;
/** A token just created: its secret, shown this once. */
export const createdApiTokenView = apiTokenView.omit({ lastUsedAt: true }).extend({ token: z.string() });

export const twoFactorStatusView = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int(), required: z.boolean() });
export const twoFactorSetupView = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesView = z.object({ recoveryCodes: z.array(z.string()) });
