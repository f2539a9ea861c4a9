import type SQLite from 'better-sqlite3';
import { afterValues, type Balances, purchaseRatio } from '../../../shared/ledger';
import { formatHundredths } from '../../../shared/money';
import type { Db, TransactionRow } from '../../db/types';
import { conflict, fieldError, forbidden, notFound } from '../../errors/domain-errors';
import { type AuditEntry, appendAuditSync } from '../audit/audit.repository';
import { refuseClosed } from '../books/closed-books';
import { write } from './ledger-commit';
import { checkAfterValues, type Counted, fieldNamed, type LimitFields } from './ledger-limits';
import type { LedgerStatements } from './ledger-statements';

export { holdLedgerWrites } from './ledger-commit';
export { fieldNamed, type LimitFields } from './ledger-limits';

/**
 * The ledger write path: the only code that changes transactions or link balances. Each of
 * create, edit and delete runs in one SQLite transaction and keeps both invariants true:
 *   1. a link's balances (and usdTotal, transactionCount) equal the sums over its transactions;
 *   2. each transaction's after-values equal the running sums over its pair, ordered by (date, id);
 *   3. the per-day and per-type totals equal the counts and sums over their transactions;
 *   4. the check-in board's kept days equal what the Check-in transactions give (decision 061);
 *   5. no balance, after-value or kept total passes the ledger's limit (decision 090, ledger-limits.ts).
 * The transactions are synchronous (better-sqlite3 prepared statements, no await inside), so no other
 * request's statements can run in the middle of one.
 */

/** The six fields a caller gives for a transaction (amounts in hundredths). */
export type LedgerFields = Pick<
  TransactionRow,
  'customerId' | 'casinoId' | 'transactionTypeId' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'
>;

/** A write's fields with, optionally, when it happened (ISO UTC, checked by the shared `occurredAt` schema). */
export type LedgerInput = LedgerFields & { occurredAt?: string };

/** The six fields without the date. */
const fieldsOf = ({ occurredAt: _occurredAt, ...f }: LedgerInput): LedgerFields => f;

export interface Position {
  customerId: number;
  casinoId: number;
  date: string;
  id: number;
}

export interface Idempotency {
  key: string;
  /** A digest of the request body: the same key with another body is a conflict. */
  requestHash: string;
}

/** Checks the references of a write; `requireActive` for new entries (and moves to another pair). */
function checkReferences(s: LedgerStatements, f: LedgerFields, requireActive: boolean) {
  const customer = s.customer.get(f.customerId);
  if (!customer) throw fieldError('customerId', 'Customer not found');
  const casino = s.casino.get(f.casinoId);
  if (!casino) throw fieldError('casinoId', 'Casino not found');
  const type = s.type.get(f.transactionTypeId);
  if (!type) throw fieldError('transactionTypeId', 'Transaction type not found');
  if (type.casinoId !== f.casinoId) throw fieldError('transactionTypeId', 'Transaction type does not belong to this casino');
  const link = s.link.get(f.customerId, f.casinoId);
  if (requireActive) {
    if (!customer.isActive) throw fieldError('customerId', 'Customer is inactive');
    if (!casino.isActive) throw fieldError('casinoId', 'Casino is inactive');
    if (link?.status !== 'active') throw fieldError('casinoId', 'Customer has no active registration at this casino');
  } else if (!link) {
    throw fieldError('casinoId', 'Customer is not registered at this casino');
  }
  return { scRatio: casino.scRatio, link: link! };
}

/**
 * Adds (sign 1) or removes (sign -1) a transaction everywhere it is counted: its link's balances, the
 * per-day and per-type totals (decision 021; triggers keep the hour and casino ones), and the write's
 * record of kept changes that is checked against the ledger's limit when the write is done.
 */
function applyToKept(s: LedgerStatements, t: Counted, sign: 1 | -1): void {
  s.applyToLink.run(sign * t.unplayedCoinsChange, sign * t.playedCoinsChange, sign * t.usdChange, sign, t.customerId, t.casinoId);
  const day = t.date.slice(0, 10);
  s.dayTotal.run(day, sign, sign * t.usdChange);
  s.dayTypeTotal.run(day, t.transactionTypeId, sign, sign * t.usdChange);
  s.typeTotal.run(t.transactionTypeId, sign, sign * t.usdChange);
  s.kept.transaction(t, sign);
}

/** What the audit trail keeps of a transaction: when, which pair and type, and the three changes. */
export const auditedFields = (t: LedgerFields & { date: string }) => ({
  date: t.date,
  customerId: t.customerId,
  casinoId: t.casinoId,
  transactionTypeId: t.transactionTypeId,
  unplayedCoinsChange: formatHundredths(t.unplayedCoinsChange),
  playedCoinsChange: formatHundredths(t.playedCoinsChange),
  usdChange: formatHundredths(t.usdChange),
});

/** Appends the write's audit entry inside its own savepoint: no change without its entry. */
function audit(s: LedgerStatements, sqlite: SQLite.Database, userId: number, entry: AuditEntry, now: Date): void {
  appendAuditSync(sqlite, { id: userId, email: s.userEmail.get(userId)?.email ?? null }, entry, now);
}

/**
 * Rewrites the after-values of every transaction of the pair at or after `from` in (date, id) order,
 * each checked against the ledger's limit as it is computed.
 */
export function recomputeFrom(s: LedgerStatements, from: Position): void {
  const before = s.before.get(from.customerId, from.casinoId, from.date, from.date, from.id);
  let balances: Balances | null = before ? { unplayed: before.unplayedCoinsAfter, played: before.playedCoinsAfter } : null;
  for (const row of s.atOrAfter.all(from.customerId, from.casinoId, from.date, from.date, from.id)) {
    const after = afterValues(balances, row.unplayedCoinsChange, row.playedCoinsChange);
    balances = after;
    const held = { unplayed: row.unplayedCoinsAfter, played: row.playedCoinsAfter, total: row.totalCoinsAfter };
    checkAfterValues(held, after, row.date);
    if (row.unplayedCoinsAfter === after.unplayed && row.playedCoinsAfter === after.played && row.totalCoinsAfter === after.total) continue;
    s.setAfter.run(after.unplayed, after.played, after.total, row.id);
  }
}

/**
 * Records a new transaction and returns its id. With an idempotency key already used by this
 * user for the same body, returns the earlier transaction's id and writes nothing.
 */
export function createEntry(db: Db, input: LedgerInput, userId: number, idem?: Idempotency, now = new Date()): Promise<number> {
  const f = fieldsOf(input);
  return write(db, (s, sqlite) => {
    if (idem) {
      const seen = s.idempotencyKey.get(idem.key);
      if (seen) {
        if (seen.userId !== userId || seen.requestHash !== idem.requestHash) {
          throw conflict('This idempotency key was already used for a different request');
        }
        return seen.transactionId;
      }
    }
    const { scRatio, link } = checkReferences(s, f, true);
    const stamp = now.toISOString();
    const date = input.occurredAt ?? stamp;
    refuseClosed(sqlite, date);
    const id = insertEntry(s, f, { scRatio, link }, userId, { date, at: stamp });
    if (idem) s.insertIdempotencyKey.run(idem.key, userId, idem.requestHash, id, stamp);
    audit(s, sqlite, userId, { action: 'create', entity: 'transaction', entityId: id, after: auditedFields({ ...f, date }) }, now);
    return id;
  });
}

type LinkBalance = { currentUnplayedCoins: number; currentPlayedCoins: number };

/**
 * Inserts a new row dated `when.date`, recorded at `when.at`, and adds it to its link; returns its id.
 * Exported for the import, which inserts many rows of one pair and recomputes each pair once after them.
 */
export function insertEntry(
  s: LedgerStatements,
  f: LedgerFields,
  pair: { scRatio: number; link: LinkBalance },
  userId: number | null,
  when: { date: string; at: string },
  /** Instead of recomputing a row placed before the pair's last, tell the caller (the import recomputes each pair once). */
  deferRecompute?: (from: Position) => void,
): number {
  // Ids only grow, so the new row is the pair's last unless an older row carries a later date (a
  // backdated entry, or a clock set back): then its after-values follow from the link's balances, else recompute.
  const last = s.lastDate.get(f.customerId, f.casinoId);
  const appended = !last || last.date <= when.date;
  // A row placed before others gets zeros here and its real after-values from recomputeFrom below.
  const after = appended
    ? afterValues(
        { unplayed: pair.link.currentUnplayedCoins, played: pair.link.currentPlayedCoins },
        f.unplayedCoinsChange,
        f.playedCoinsChange,
      )
    : { unplayed: 0, played: 0, total: 0 };
  if (appended) checkAfterValues(null, after, when.date);
  const id = Number(
    s.insert.run({
      ...f,
      date: when.date,
      purchaseRatio: purchaseRatio(f.unplayedCoinsChange, f.usdChange, pair.scRatio),
      unplayedCoinsAfter: after.unplayed,
      playedCoinsAfter: after.played,
      totalCoinsAfter: after.total,
      createdByUserId: userId,
      createdAt: when.at,
      updatedAt: when.at,
    }).lastInsertRowid,
  );
  applyToKept(s, { ...f, date: when.date }, 1);
  if (!appended) {
    const from = { customerId: f.customerId, casinoId: f.casinoId, date: when.date, id };
    if (deferRecompute) deferRecompute(from);
    else recomputeFrom(s, from);
  }
  s.checkInDay({ ...f, date: when.date });
  return id;
}

/** The casino's transaction type of this name (any case), created and audited when missing. */
function typeNamed(s: LedgerStatements, sqlite: SQLite.Database, userId: number, casinoId: number, name: string, now: Date): number {
  const found = s.typeByName.get(casinoId, name)?.id;
  if (found !== undefined) return found;
  const typeId = Number(s.insertType.run(name, casinoId).lastInsertRowid);
  audit(s, sqlite, userId, { action: 'create', entity: 'transactionType', entityId: typeId, after: { id: typeId, name, casinoId } }, now);
  return typeId;
}

function loadEntry(s: LedgerStatements, id: number): TransactionRow {
  const row = s.entry.get(id);
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
export function editEntry(db: Db, id: number, input: LedgerInput, userId: number, now = new Date()): Promise<void> {
  const f = fieldsOf(input);
  return write(db, (s, sqlite) => {
    const old = loadChangeableEntry(s, id);
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
    applyToKept(s, { ...f, date }, 1);
    s.checkInDay(old);
    s.checkInDay({ ...f, date });
    if (moved) {
      recomputeFrom(s, { ...f, date, id });
      recomputeFrom(s, { customerId: old.customerId, casinoId: old.casinoId, date: old.date, id });
    } else {
      recomputeFrom(s, { ...f, date: earlier(date, old.date), id });
    }
    audit(
      s,
      sqlite,
      userId,
      { action: 'edit', entity: 'transaction', entityId: id, before: auditedFields(old), after: auditedFields({ ...f, date }) },
      now,
    );
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
      s.deleteIdempotencyKeys.run(id);
      s.delete.run(id);
      applyToKept(s, old, -1);
      s.checkInDay(old);
      recomputeFrom(s, old);
      audit(s, sqlite, userId, { action: 'delete', entity: 'transaction', entityId: id, before: auditedFields(old) }, now);
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
      const kept = s.deleted.get(id);
      if (!kept) throw notFound('Deleted transaction not found');
      const ownRecent = kept.deletedByUserId === user.id && now.getTime() - Date.parse(kept.deletedAt) <= RESTORE_WINDOW_MS;
      if (user.role !== 'admin' && !ownRecent)
        throw forbidden('Only an admin, or the user who deleted it within 10 minutes, can restore this transaction');
      checkReferences(s, kept, false);
      refuseClosed(sqlite, kept.date);
      const { deletedAt: _deletedAt, deletedByUserId: _deletedBy, ...row } = kept;
      s.insertWithId.run({ ...row, unplayedCoinsAfter: 0, playedCoinsAfter: 0, totalCoinsAfter: 0, updatedAt: now.toISOString() });
      s.forgetDeleted.run(id);
      applyToKept(s, kept, 1);
      s.checkInDay(kept);
      recomputeFrom(s, kept);
      audit(s, sqlite, user.id, { action: 'restore', entity: 'transaction', entityId: id, after: auditedFields(kept) }, now);
    },
    fieldNamed('id'),
  );
}

/** What a step of another ledger write (redemptions, check-ins: decision 060) may do inside its transaction. */
export interface LedgerStep {
  statements: LedgerStatements;
  sqlite: SQLite.Database;
  userId: number;
  now: Date;
  /**
   * Records a transaction dated `stamp` on an active link (balances, after-values and totals kept as
   * for any entry) with its audit entry, and returns its id. A stamp earlier than the pair's last row
   * is placed in (date, id) order and the later after-values recomputed. `settles` (a receipt or a
   * reversal of a redemption) needs the link to exist, not to be active.
   */
  record(f: LedgerFields, stamp: string, options?: { action?: string; settles?: boolean }): number;
  /** The casino's transaction type of this name, created (audited) when missing. */
  typeNamed(casinoId: number, name: string): number;
  audit(entry: AuditEntry): void;
}

/**
 * Runs `body` as one write of the one write path: one SQLite transaction, with its audit entries. A
 * value it would take past the ledger's limit is refused naming the step's request `fields`.
 */
export function ledgerStep<T>(db: Db, userId: number, body: (step: LedgerStep) => T, now: Date, fields: LimitFields): Promise<T> {
  return write(
    db,
    (s, sqlite) =>
      body({
        statements: s,
        sqlite,
        userId,
        now,
        record: (f, stamp, options) => {
          const pair = checkReferences(s, f, !options?.settles);
          refuseClosed(sqlite, stamp);
          const id = insertEntry(s, f, pair, userId, { date: stamp, at: now.toISOString() });
          audit(
            s,
            sqlite,
            userId,
            { action: options?.action ?? 'create', entity: 'transaction', entityId: id, after: auditedFields({ ...f, date: stamp }) },
            now,
          );
          return id;
        },
        typeNamed: (casinoId, name) => typeNamed(s, sqlite, userId, casinoId, name, now),
        audit: (entry) => audit(s, sqlite, userId, entry, now),
      }),
    fields,
  );
}
