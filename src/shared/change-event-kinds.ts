// The change stream's event kinds alone, without zod: the web app's stream reads them at start-up (decision 223).

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

/**
 * Each tRPC answer names the stream's last event id as the server received the request: the data it
 * carries holds every change up to that id. The web app opens its stream from the earliest such id of
 * the reads it holds, so a change committed between a read and the stream's opening is replayed, not
 * missed (decision 243).
 */
export const CHANGE_ID_HEADER = 'x-change-id';
