import { z } from 'zod';
import { day, id, idNumber, orderedRange, paging } from './common';

/** Every kind of access log entry (decision 103), in the words the Access log screen shows. */
export const ACCESS_KINDS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'two-factor-failed': 'Wrong code',
  'sign-out': 'Signed out',
  'session-ended': 'Session ended',
  'session-timeout': 'Session timed out',
  'user-deactivated': 'Deactivated',
  'user-reactivated': 'Reactivated',
  'role-changed': 'Role changed',
  'reset-link-sent': 'Reset link sent',
  'reset-link-used': 'Password reset',
  'password-changed': 'Password changed',
  'two-factor-enabled': 'Two-step sign-in on',
  'two-factor-disabled': 'Two-step sign-in off',
  'recovery-code-used': 'Recovery code used',
  'api-token-created': 'API token created',
  'api-token-first-used': 'API token first used',
  'api-token-revoked': 'API token revoked',
} as const;
export type AccessKind = keyof typeof ACCESS_KINDS;
export const ACCESS_KIND_NAMES = Object.keys(ACCESS_KINDS) as [AccessKind, ...AccessKind[]];

export const ACCESS_LOG_PAGE_SIZE = 100;
export const ACCESS_LOG_MAX_LIMIT = 1000;

const accessLogFilters = {
  userId: id.optional(),
  kind: z.enum(ACCESS_KIND_NAMES, { error: `Must be one of ${ACCESS_KIND_NAMES.join(', ')}` }).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
};

export const accessLogListInput = z
  .strictObject({ ...accessLogFilters, ...paging(ACCESS_LOG_MAX_LIMIT) })
  .refine(...orderedRange)
  .optional();
export type AccessLogQuery = z.output<typeof accessLogListInput>;

/** The Access log screen's filters, for its export of every matching entry. */
export const accessLogExportInput = z.strictObject(accessLogFilters).refine(...orderedRange);

export const accessLogEntryView = z.object({
  id: idNumber,
  at: z.string(),
  kind: z.string(),
  userId: idNumber.nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AccessLogEntryView = z.infer<typeof accessLogEntryView>;
export const accessLogPage = z.object({ entries: z.array(accessLogEntryView), totalCount: z.number().int() });
