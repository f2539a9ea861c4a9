import { z } from 'zod';
import { day, id, orderedRange, paging } from './common';

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

export const AUDIT_PAGE_SIZE = 100;
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

export interface AuditEntryView {
  id: number;
  at: string;
  user: { id: number; email: string } | null;
  action: string;
  entity: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

/** GET /api/admin/ledger-check: with `id`, that check's state; without, a check started (or joined) and awaited a while. */
export const ledgerCheckInput = z.strictObject({ id: id.optional() }).optional();
/** One on-demand ledger check, by the id its start answered. */
export const ledgerCheckRunInput = z.strictObject({ id });
