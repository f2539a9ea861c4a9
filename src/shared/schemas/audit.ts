import { z } from 'zod';
import { day, id, orderedRange } from './common';

export const AUDIT_ENTITIES = ['transaction', 'customer', 'casino', 'link', 'transactionType', 'user', 'session'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_PAGE_SIZE = 100;
export const AUDIT_MAX_LIMIT = 1000;

export const auditListInput = z
  .strictObject({
    entity: z.enum(AUDIT_ENTITIES, { error: `Must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    entityId: id.optional(),
    userId: id.optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    limit: z.coerce.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' }).min(1, { error: 'Must be at least 1' }).max(AUDIT_MAX_LIMIT, { error: `Must be at most ${AUDIT_MAX_LIMIT}` }).optional(),
    offset: z.coerce.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' }).min(0, { error: 'Must be 0 or more' }).max(1e9).optional(),
  })
  .refine(...orderedRange)
  .optional();
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
