import { z } from 'zod';
import { CHANGE_EVENT_KINDS } from '../change-event-kinds';

export { CHANGE_EVENT_KINDS, RESET_EVENT } from '../change-event-kinds';

const ids = z.array(z.number().int().positive());

/** The change stream's event (its kinds: change-event-kinds.ts). */
export const changeEventData = z.strictObject({
  kind: z.enum(CHANGE_EVENT_KINDS),
  /** When the change committed, ISO 8601 UTC. */
  at: z.string(),
  /** The acting user's id, or null for the system (a scheduled job). */
  userId: z.number().int().positive().nullable(),
  transactionId: z.number().int().positive().optional(),
  redemptionId: z.number().int().positive().optional(),
  customerId: z.number().int().positive().optional(),
  casinoId: z.number().int().positive().optional(),
  transactionTypeId: z.number().int().positive().optional(),
  /** The user a `user.changed` event is about. */
  subjectUserId: z.number().int().positive().optional(),
  /** Every customer and casino an import or a bulk change touched. */
  customerIds: ids.optional(),
  casinoIds: ids.optional(),
});

export type ChangeEventData = z.infer<typeof changeEventData>;
