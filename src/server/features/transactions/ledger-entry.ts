import type SQLite from 'better-sqlite3';
import { afterValues, type Balances, purchaseRatio } from '../../../shared/ledger';
import { formatHundredths } from '../../../shared/money';
import type { TransactionRow } from '../../db/types';
import { fieldError } from '../../errors/domain-errors';
import { type AuditEntry, appendAuditSync } from '../audit/audit.repository';
import { checkAfterValues, type Counted } from './ledger-limits';
import type { LedgerStatements } from './ledger-statements';

/**
 * What every ledger write shares (ledger.ts holds the entry operations, ledger-step.ts the steps of
 * redemptions and check-ins, ledger-commit.ts how writes are committed): reference checks, the kept
 * figures, the audit entry, the after-values of a pair and the insertion of one row.
 */

/** The six fields a caller gives for a transaction (amounts in hundredths). */
export type LedgerFields = Pick<
  TransactionRow,
  'customerId' | 'casinoId' | 'transactionTypeId' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'
>;

export interface Position {
  customerId: number;
  casinoId: number;
  date: string;
  id: number;
}

/** Checks the references of a write; `requireActive` for new entries (and moves to another pair). */
export function checkReferences(s: LedgerStatements, f: LedgerFields, requireActive: boolean) {
  const customer = s.customer.get({ id: f.customerId });
  if (!customer) throw fieldError('customerId', 'Customer not found');
  const casino = s.casino.get({ id: f.casinoId });
  if (!casino) throw fieldError('casinoId', 'Casino not found');
  const type = s.type.get({ id: f.transactionTypeId });
  if (!type) throw fieldError('transactionTypeId', 'Transaction type not found');
  if (type.casinoId !== f.casinoId) throw fieldError('transactionTypeId', 'Transaction type does not belong to this casino');
  const link = s.link.get(f);
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
 * Adds (sign 1) or removes (sign -1) a transaction everywhere it is counted: the kept figures
 * (kept-figures.ts: its link's balances, its casino's, the day, day-type, type and hour totals, the
 * transaction and link feeds) and the write's record of kept changes that is checked against the
 * ledger's limit when the write is done.
 */
export function applyToKept(s: LedgerStatements, t: Counted & { id: number }, sign: 1 | -1): void {
  s.figures.transaction(t, sign);
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

/** What one write runs with: its statements and connection, who writes, and when. */
export interface WriteContext {
  s: LedgerStatements;
  sqlite: SQLite.Database;
  userId: number;
  now: Date;
}

/** Appends the write's audit entry inside its own savepoint: no change without its entry. */
export function audit({ s, sqlite, userId, now }: WriteContext, entry: AuditEntry): void {
  appendAuditSync(sqlite, { id: userId, email: s.userEmail.get({ id: userId })?.email ?? null }, entry, now);
}

/**
 * Rewrites the after-values of every transaction of the pair at or after `from` in (date, id) order,
 * each checked against the ledger's limit as it is computed.
 */
export function recomputeFrom(s: LedgerStatements, from: Position): void {
  const before = s.before.get(from);
  let balances: Balances | null = before ? { unplayed: before.unplayedCoinsAfter, played: before.playedCoinsAfter } : null;
  for (const row of s.atOrAfter.all(from)) {
    const after = afterValues(balances, row.unplayedCoinsChange, row.playedCoinsChange);
    balances = after;
    const held = { unplayed: row.unplayedCoinsAfter, played: row.playedCoinsAfter, total: row.totalCoinsAfter };
    checkAfterValues(held, after, row.date);
    if (row.unplayedCoinsAfter === after.unplayed && row.playedCoinsAfter === after.played && row.totalCoinsAfter === after.total) continue;
    s.setAfter.run({ id: row.id, ...after });
  }
}

type LinkBalance = { currentUnplayedCoins: number; currentPlayedCoins: number; lastActivityAt: string | null };

/** A new row: its fields, its pair's ratio and balances, who recorded it, when it happened and when it was recorded. */
export interface NewEntry {
  fields: LedgerFields;
  pair: { scRatio: number; link: LinkBalance };
  userId: number | null;
  when: { date: string; at: string };
}

/** Inserts a new row dated `when.date`, recorded at `when.at`, adds it to the kept figures and returns its id. */
export function insertEntry(s: LedgerStatements, { fields: f, pair, userId, when }: NewEntry): number {
  // Ids only grow, so the new row is the pair's last unless an older row carries a later date (a
  // backdated entry, or a clock set back): then its after-values follow from the link's balances, else recompute.
  const last = pair.link.lastActivityAt;
  const appended = last === null || last <= when.date;
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
  applyToKept(s, { ...f, date: when.date, id }, 1);
  if (!appended) recomputeFrom(s, { customerId: f.customerId, casinoId: f.casinoId, date: when.date, id });
  s.checkInDay({ ...f, date: when.date });
  return id;
}

/** The casino's transaction type of this name (any case), created and audited when missing. */
export function typeNamed(w: WriteContext, casinoId: number, name: string): number {
  const found = w.s.typeByName.get({ casinoId, name })?.id;
  if (found !== undefined) return found;
  const typeId = Number(w.s.insertType.run({ name, casinoId }).lastInsertRowid);
  audit(w, { action: 'create', entity: 'transactionType', entityId: typeId, after: { id: typeId, name, casinoId } });
  return typeId;
}
