import type SQLite from 'better-sqlite3';
import { purchaseRatio } from '../../../shared/ledger';
import type { Db, TransactionRow } from '../../db/types';
import { conflict, forbidden, notFound } from '../../errors/domain-errors';
import { refuseClosed } from '../books/closed-books';
import { write } from './ledger-commit';
import {
  applyToKept,
  audit,
  auditedFields,
  checkReferences,
  insertEntry,
  type LedgerFields,
  recomputeFrom,
  type WriteContext,
} from './ledger-entry';
import { fieldNamed } from './ledger-limits';
import type { LedgerStatements } from './ledger-statements';

export { holdLedgerWrites } from './ledger-commit';
export { auditedFields, type LedgerFields } from './ledger-entry';
export { fieldNamed } from './ledger-limits';
export { type LedgerStep, ledgerStep, type StepBy, type StepRun } from './ledger-step';

/**
 * The ledger's entry operations: with ledger-step.ts (the steps of redemptions, check-ins and
 * reconciliations) and ledger-bulk.ts (the import), the only code that changes transactions, link
 * balances or any kept figure. Each write runs in one SQLite transaction (ledger-commit.ts) and keeps
 * these true:
 *   1. a link's balances (and usdTotal, transactionCount) equal the sums over its transactions;
 *   2. each transaction's after-values equal the running sums over its pair, ordered by (date, id);
 *   3. every kept total and change feed follows its transactions (kept-figures.ts, decision 130);
 *   4. the check-in board's kept days equal what the Check-in transactions give (decision 061);
 *   5. no balance, after-value or kept total passes the ledger's limit (decision 090, ledger-limits.ts).
 * The transactions are synchronous (better-sqlite3 prepared statements, no await inside), so no other
 * request's statements can run in the middle of one.
 */

/** A write's fields with, optionally, when it happened (ISO UTC, checked by the shared `occurredAt` schema). */
export type LedgerInput = LedgerFields & { occurredAt?: string };

/** The six fields without the date. */
const fieldsOf = ({ occurredAt: _occurredAt, ...f }: LedgerInput): LedgerFields => f;

export interface Idempotency {
  key: string;
  /** A digest of the request body: the same key with another body is a conflict. */
  requestHash: string;
}

/** Who writes, when (now unless given), and, for a new entry, the request's idempotency key. */
export interface EntryBy {
  userId: number;
  now?: Date;
  idempotency?: Idempotency;
}

/**
 * Records a new transaction and returns its id. With an idempotency key already used by this
 * user for the same body, returns the earlier transaction's id and writes nothing.
 */
export function createEntry(db: Db, input: LedgerInput, { userId, idempotency: idem, now = new Date() }: EntryBy): Promise<number> {
  const f = fieldsOf(input);
  return write(db, (s, sqlite) => {
    if (idem) {
      const seen = s.idempotencyKey.get(idem);
      if (seen) {
        if (seen.userId !== userId || seen.requestHash !== idem.requestHash) {
          throw conflict('This idempotency key was already used for a different request');
        }
        return seen.transactionId;
      }
    }
    const pair = checkReferences(s, f, true);
    const stamp = now.toISOString();
    const date = input.occurredAt ?? stamp;
    refuseClosed(sqlite, date);
    const id = insertEntry(s, { fields: f, pair, userId, when: { date, at: stamp } });
    if (idem) s.insertIdempotencyKey.run({ key: idem.key, userId, requestHash: idem.requestHash, transactionId: id, createdAt: stamp });
    audit({ s, sqlite, userId, now }, { action: 'create', entity: 'transaction', entityId: id, after: auditedFields({ ...f, date }) });
    return id;
  });
}

function loadEntry(s: LedgerStatements, id: number): TransactionRow {
  const row = s.entry.get({ id });
  if (!row) throw notFound('Transaction not found');
  return row;
}

/** A redemption's entries change only through its steps (decision 061): editing or deleting one is a 409. */
function loadChangeableEntry(s: LedgerStatements, id: number): TransactionRow {
  const row = loadEntry(s, id);
  const step = s.redemptionOf.get({ id });
  if (step)
    throw conflict(
      `This transaction is the ${step.role} of redemption #${step.redemptionId}; it cannot be edited or deleted (cancel or finish the redemption instead)`,
    );
  return row;
}

/** The earlier of two positions of one transaction in its pair's (date, id) order. */
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Changes a transaction's fields and, with `occurredAt`, its date (without it the date stays). The pair
 * (or both pairs, when it moves) recomputes its after-values once, from the earlier of its old and new place.
 */
export function editEntry(
  db: Db,
  id: number,
  input: LedgerInput,
  {
    userId,
    now = new Date(),
    check,
  }: Omit<EntryBy, 'idempotency'> & {
    /** A check of the entry as it is, before anything is written (the version an edit was based on: decision 151). */
    check?: (old: TransactionRow, sqlite: SQLite.Database) => void;
  },
): Promise<void> {
  const f = fieldsOf(input);
  return write(db, (s, sqlite) => {
    const old = loadChangeableEntry(s, id);
    check?.(old, sqlite);
    const date = input.occurredAt ?? old.date;
    refuseClosed(sqlite, old.date, date);
    const moved = old.customerId !== f.customerId || old.casinoId !== f.casinoId;
    const { scRatio } = checkReferences(s, f, moved);
    applyToKept(s, old, -1);
    s.update.run({
      ...f,
      date,
      purchaseRatio: purchaseRatio(f.unplayedCoinsChange, f.usdChange, scRatio),
      updatedAt: now.toISOString(),
      id,
    });
    applyToKept(s, { ...f, date, id }, 1);
    s.checkInDay(old);
    s.checkInDay({ ...f, date });
    if (moved) {
      recomputeFrom(s, { ...f, date, id });
      recomputeFrom(s, { customerId: old.customerId, casinoId: old.casinoId, date: old.date, id });
    } else {
      recomputeFrom(s, { ...f, date: earlier(date, old.date), id });
    }
    const w: WriteContext = { s, sqlite, userId, now };
    audit(w, { action: 'edit', entity: 'transaction', entityId: id, before: auditedFields(old), after: auditedFields({ ...f, date }) });
  });
}

/** Deletes a transaction, keeping its id, date and values in deletedTransactions so it can be restored. */
export function deleteEntry(db: Db, id: number, userId: number, now = new Date()): Promise<void> {
  return write(
    db,
    (s, sqlite) => {
      const old = loadChangeableEntry(s, id);
      refuseClosed(sqlite, old.date);
      s.keepDeleted.run({ id, deletedAt: now.toISOString(), deletedByUserId: userId });
      s.deleteIdempotencyKeys.run({ id });
      s.delete.run({ id });
      applyToKept(s, old, -1);
      s.checkInDay(old);
      recomputeFrom(s, old);
      audit({ s, sqlite, userId, now }, { action: 'delete', entity: 'transaction', entityId: id, before: auditedFields(old) });
    },
    fieldNamed('id'),
  );
}

/** How long the user who deleted a transaction may restore it (admins always may). */
export const RESTORE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Puts a deleted transaction back with its id, date and values; its pair's balances and after-values
 * are recomputed as for any write. Admins may restore any; the user who deleted it, within 10 minutes.
 */
export function restoreEntry(db: Db, id: number, user: { id: number; role: string }, now = new Date()): Promise<void> {
  return write(
    db,
    (s, sqlite) => {
      const kept = s.deleted.get({ id });
      if (!kept) throw notFound('Deleted transaction not found');
      const ownRecent = kept.deletedByUserId === user.id && now.getTime() - Date.parse(kept.deletedAt) <= RESTORE_WINDOW_MS;
      if (user.role !== 'admin' && !ownRecent)
        throw forbidden('Only an admin, or the user who deleted it within 10 minutes, can restore this transaction');
      checkReferences(s, kept, false);
      refuseClosed(sqlite, kept.date);
      const { deletedAt: _deletedAt, deletedByUserId: _deletedBy, ...row } = kept;
      s.insertWithId.run({ ...row, unplayedCoinsAfter: 0, playedCoinsAfter: 0, totalCoinsAfter: 0, updatedAt: now.toISOString() });
      s.forgetDeleted.run({ id });
      applyToKept(s, kept, 1);
      s.checkInDay(kept);
      recomputeFrom(s, kept);
      audit({ s, sqlite, userId: user.id, now }, { action: 'restore', entity: 'transaction', entityId: id, after: auditedFields(kept) });
    },
    fieldNamed('id'),
  );
}
