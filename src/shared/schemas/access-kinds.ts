// The access log's kinds alone, without its schemas: the web's route for the Access log checks its URL
// against them at start-up, and importing access-log.ts would build every access-log schema then (decision 198).

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
