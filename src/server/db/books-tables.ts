import type { Generated } from 'kysely';
import type { AttachmentType } from '../../shared/schemas/attachments';

/** Every close and reopen of the books; the newest row is their state (migration 0065, decision 190). */
export interface BookClosesTable {
  id: Generated<number>;
  action: 'close' | 'reopen';
  /** The last closed office day (YYYY-MM-DD), or null when a reopen leaves nothing closed. */
  through: string | null;
  /** The UTC instant the office day after `through` begins: an entry dated before it is closed. */
  closedBefore: string | null;
  at: string;
  byUserId: number;
  note: string | null;
}

/** What the casino reported for a link at a moment, and the ledger's balance at that moment, kept by triggers (decision 191). */
export interface ReconciliationsTable {
  id: Generated<number>;
  customerId: number;
  casinoId: number;
  at: string;
  byUserId: number | null;
  note: string | null;
  recordedUnplayed: number;
  recordedPlayed: number;
  ledgerUnplayed: number;
  ledgerPlayed: number;
  /** 1 while the ledger's balance at `at` differs from what was recorded (a generated column). */
  broken: Generated<number>;
}

export interface NotesTable {
  id: Generated<number>;
  customerId: number | null;
  casinoId: number | null;
  text: string;
  createdAt: string;
  createdByUserId: number;
}

/** One row per distinct file content (decision 192). */
export interface AttachmentFilesTable {
  sha256: string;
  type: AttachmentType;
  size: number;
  content: Buffer;
}

export interface AttachmentsTable {
  id: Generated<number>;
  sha256: string;
  /** For display only; never a path. */
  name: string;
  transactionId: number | null;
  redemptionId: number | null;
  reconciliationId: number | null;
  customerId: number | null;
  createdAt: string;
  createdByUserId: number;
}
