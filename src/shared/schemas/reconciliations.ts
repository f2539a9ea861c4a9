import { z } from 'zod';
import { decimalText, id, idNumber, paging } from './common';

/** GET /api/reconciliations: broken or whole ones (or both), of one customer or casino, paged, newest first. */
export const listReconciliationsInput = z
  .strictObject({
    status: z.enum(['broken', 'ok'], { error: 'Must be broken or ok' }).optional(),
    customerId: id.optional(),
    casinoId: id.optional(),
    ...paging(1000),
  })
  .optional();

export const reconciliationView = z.object({
  id: idNumber,
  customerId: idNumber,
  customerName: z.string(),
  casinoId: idNumber,
  casinoName: z.string(),
  at: z.string(),
  recordedUnplayed: decimalText,
  recordedPlayed: decimalText,
  ledgerUnplayedAtThatMoment: decimalText,
  ledgerPlayedAtThatMoment: decimalText,
  status: z.enum(['broken', 'ok']),
});
export type ReconciliationView = z.infer<typeof reconciliationView>;

export const reconciliationsPage = z.object({ reconciliations: z.array(reconciliationView), totalCount: z.number().int() });
