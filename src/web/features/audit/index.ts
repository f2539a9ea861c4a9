/** What other features use of audit (decision 077: no feature imports another's internals). */
export { actionLabel, AuditChanges, useAuditNames } from './audit-changes';
