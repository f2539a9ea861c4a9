import { z } from 'zod';
import { day, id, idNumber, orderedRange, paging } from './common';
import { AUDIT_ENTITIES, type AuditEntity } from './audit-entities';

export type { AuditEntity };

export const AUDIT_MAX_LIMIT = 1000;

const auditFilters = {
  entity: z.enum(AUDIT_ENTITIES, { error: `Must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  entityId: id.optional(),
  userId: id.optional(),
  startDate: day.optional(),
  endDate: day.optional(),
};

export const auditListInput = z
  .strictObject({
    ...auditFilters,
    ...paging(AUDIT_MAX_LIMIT),
  })
  .refine(...orderedRange)
  .optional();

/** The Audit page's filters, for its export of every matching entry. */
export const auditExportInput = z.strictObject(auditFilters).refine(...orderedRange);
export type AuditQuery = z.output<typeof auditListInput>;

export const auditEntryView = z.object({
  id: idNumber,
  at: z.string(),
  user: z.object({ id: idNumber, email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: idNumber.nullable(),
  /** The record before and after the change, as written then (any JSON). */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;
export const auditPage = z.object({ entries: z.array(auditEntryView), totalCount: z.number().int() });

const checkTrigger = z.enum(['daily', 'on-demand']);
/** A recorded ledger check: its result, when and why it ran. */
export const ledgerCheckView = z.object({
  ok: z.boolean(),
  checkedTransactions: z.number().int(),
  problems: z.array(z.string()),
  at: z.string(),
  trigger: checkTrigger,
});
/** One ledger check asked for by hand (decision 087): running, done with its result, or failed. */
export const ledgerCheckRunView = z.discriminatedUnion('state', [
  z.object({ id: idNumber, state: z.literal('running'), startedAt: z.string(), trigger: checkTrigger }),
  ledgerCheckView.extend({ id: idNumber, state: z.literal('done'), startedAt: z.string() }),
  z.object({ id: idNumber, state: z.literal('failed'), startedAt: z.string(), trigger: checkTrigger, message: z.string() }),
]);

/** GET /api/admin/ledger-check: with `id`, that check's state; without, a check started (or joined) and awaited a while. */
export const ledgerCheckInput = z.strictObject({ id: id.optional() }).optional();
/** One on-demand ledger check, by the id its start answered. */
export const ledgerCheckRunInput = z.strictObject({ id });
