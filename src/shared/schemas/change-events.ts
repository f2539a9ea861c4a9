import { z } from 'zod';

/**
 * The change stream's contract (GET /api/events): one event per committed change, naming what it
 * touches by id and never carrying figures, so no one learns through the stream what their role may
 * not read. The server emits these after the write's transaction commits; the web app maps each kind
 * to the queries it refreshes, through the same table its own mutations use.
 */
export const CHANGE_EVENT_KINDS = [
  'transaction.created',
  'transaction.updated',
  'transaction.deleted',
  'transaction.restored',
  'redemption.changed',
  'checkIn.recorded',
  'reconciliation.recorded',
  'link.changed',
  'customer.changed',
  'casino.changed',
  'transactionType.changed',
  'import.committed',
  'user.changed',
  'books.changed',
  'note.changed',
  'attachment.changed',
] as const;

export type ChangeEventKind = (typeof CHANGE_EVENT_KINDS)[number];

/** Sent alone when a reconnect's Last-Event-ID is too far back to replay: refresh everything on screen. */
export const RESET_EVENT = 'reset';

const ids = z.array(z.number().int().positive());

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
