import type SQLite from 'better-sqlite3';
import type { Db } from '../../db/types';
import type { AuditEntry } from '../audit/audit.repository';
import { write } from './ledger-commit';
import { refuseClosed } from '../books/closed-books';
import { audit, auditedFields, checkReferences, insertEntry, type LedgerFields, typeNamed, type WriteContext } from './ledger-entry';
import type { LimitFields } from './ledger-limits';
import type { LedgerStatements } from './ledger-statements';

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

/** Who runs a step and when, and the request's fields a refusal at the ledger's limit names. */
export interface StepRun {
  userId: number;
  now: Date;
  fields: LimitFields;
}

/** Who takes a step, in which office time zone (for a typed day), and when (now unless given). */
export interface StepBy {
  userId: number;
  timeZone: string;
  now?: Date;
}

/**
 * Runs `body` as one write of the one write path: one SQLite transaction, with its audit entries. A
 * value it would take past the ledger's limit is refused naming the step's request `fields`.
 */
export function ledgerStep<T>(db: Db, { userId, now, fields }: StepRun, body: (step: LedgerStep) => T): Promise<T> {
  return write(
    db,
    (s, sqlite) => {
      const w: WriteContext = { s, sqlite, userId, now };
      return body({
        statements: s,
        sqlite,
        userId,
        now,
        record: (f, stamp, options) => {
          const pair = checkReferences(s, f, !options?.settles);
          refuseClosed(sqlite, stamp);
          const id = insertEntry(s, { fields: f, pair, userId, when: { date: stamp, at: now.toISOString() } });
          const after = auditedFields({ ...f, date: stamp });
          audit(w, { action: options?.action ?? 'create', entity: 'transaction', entityId: id, after });
          return id;
        },
        typeNamed: (casinoId, name) => typeNamed(w, casinoId, name),
        audit: (entry) => audit(w, entry),
      });
    },
    fields,
  );
}
