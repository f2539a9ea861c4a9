// What the audit trail records, alone, without the audit schemas: the web's route for the Audit Trail
// checks its URL against it at start-up, and importing audit.ts would build every audit schema then (decision 198).

export const AUDIT_ENTITIES = [
  'transaction',
  'customer',
  'casino',
  'link',
  'transactionType',
  'user',
  'session',
  'redemption',
  'checkIn',
  'books',
  'note',
  'attachment',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
