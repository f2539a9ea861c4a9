import { z } from 'zod';
import { id, paging } from './common';

export const RECONCILIATIONS_PAGE_SIZE = 100;

/** GET /api/reconciliations: broken or whole ones (or both), of one customer or casino, paged, newest first. */
export const listReconciliationsInput = z
  .strictObject({
    status: z.enum(['broken', 'ok'], { error: 'Must be broken or ok' }).optional(),
    customerId: id.optional(),
    casinoId: id.optional(),
    ...paging(1000),
  })
  .optional();

export interface ReconciliationView {
  id: number;
  customerId: number;
  customerName: string;
  casinoId: number;
  casinoName: string;
  at: string;
  recordedUnplayed: string;
  recordedPlayed: string;
  ledgerUnplayedAtThatMoment: string;
  ledgerPlayedAtThatMoment: string;
  status: 'broken' | 'ok';
}
