import type SQLite from 'better-sqlite3';
import type { ImportField, TransactionImportField } from '../../../shared/schemas/import';
import type { Actor } from '../audit/audit.repository';
import { appendAuditSync } from '../audit/audit.repository';
import { auditedFields, insertEntry, type LedgerFields, type Position, recomputeFrom } from '../transactions/ledger';
import { ledgerStatements } from '../transactions/ledger-statements';
import type { ImportCell } from './import-file';
import { ImportNames } from './import-names';
import type { ImportTask, RowOutcome, RowWriter } from './import-run';
import { amountInput, checkCasinoName, checkCustomerName, checkPlayed, checkTypeName, checkUnplayed, checkUsd, type Checked, dateChecker } from './import-values';

type Refusal = { error: { field: ImportField; message: string } };
const refuse = (field: TransactionImportField, message: string): Refusal => ({ error: { field, message } });

/**
 * Transactions, row by row: each value checked as a typed entry's, names resolved (or created with
 * createMissing), duplicates of rows already in the ledger skipped, and valid rows inserted through the
 * ledger's own insertEntry; each pair touched out of order is recomputed once at the end.
 */
export function transactionWriter(sqlite: SQLite.Database, task: ImportTask, write: { actor: Actor; now: Date } | null): RowWriter {
  const s = ledgerStatements(sqlite);
  const names = new ImportNames(sqlite, write);
  const create = task.options.createMissing;
  const checkDate = dateChecker(task.timeZone, (write?.now ?? new Date()).getTime());
  const sameRows = sqlite.prepare<[number, number, string, number, number, number, number], { n: number }>(
    `select count(*) n from transactions where "customerId" = ? and "casinoId" = ? and date = ? and "transactionTypeId" = ? and "unplayedCoinsChange" = ? and "playedCoinsChange" = ? and "usdChange" = ?`,
  );
  const linkBalance = sqlite.prepare<[number, number], { currentUnplayedCoins: number; currentPlayedCoins: number }>(
    `select "currentUnplayedCoins", "currentPlayedCoins" from "customerCasinos" where "customerId" = ? and "casinoId" = ?`,
  );
  // Per (date, pair, type, amounts): rows of the file seen valid so far, and how many of them were written.
  const seen = new Map<string, { valid: number; written: number }>();
  const recomputeFromPair = new Map<string, Position>();
  let written = 0;
  const at = (write?.now ?? new Date()).toISOString();

  const cell = (cells: ImportCell[], columns: Partial<Record<ImportField, number>>, field: TransactionImportField): ImportCell => {
    const index = columns[field];
    return index === undefined ? null : (cells[index] ?? null);
  };

  return {
    row(cells, columns): RowOutcome {
      const get = (field: TransactionImportField) => cell(cells, columns, field);
      const checks: [TransactionImportField, Checked<unknown>][] = [];
      const date = checkDate(get('date'));
      const customer = checkCustomerName(get('customer'));
      const casino = checkCasinoName(get('casino'));
      const type = checkTypeName(get('transactionType'));
      const unplayed = checkUnplayed(amountInput(get('unplayedCoinsChange')));
      const played = checkPlayed(amountInput(get('playedCoinsChange')));
      const usd = checkUsd(amountInput(get('usdChange')));
      checks.push(['date', date], ['customer', customer], ['casino', casino], ['transactionType', type], ['unplayedCoinsChange', unplayed], ['playedCoinsChange', played], ['usdChange', usd]);
      for (const [field, checked] of checks) if (!checked.ok) return refuse(field, checked.message);
      if (!(date.ok && customer.ok && casino.ok && type.ok && unplayed.ok && played.ok && usd.ok)) return refuse('date', 'Invalid row');

      const theCasino = names.casino(casino.value, create);
      if (typeof theCasino === 'string') return refuse('casino', theCasino);
      const theType = names.type(type.value, theCasino.id, create);
      if (typeof theType === 'string') return refuse('transactionType', theType);
      const theCustomer = names.customer(customer.value, create);
      if (typeof theCustomer === 'string') return refuse('customer', theCustomer);
      const linked = names.link(theCustomer.id, theCasino.id, create);
      if (linked !== true) return refuse('casino', linked);

      const f: LedgerFields = { customerId: theCustomer.id, casinoId: theCasino.id, transactionTypeId: theType.id, unplayedCoinsChange: unplayed.value, playedCoinsChange: played.value, usdChange: usd.value };
      const key = `${date.value}|${f.customerId}|${f.casinoId}|${f.transactionTypeId}|${f.unplayedCoinsChange}|${f.playedCoinsChange}|${f.usdChange}`;
      const mine = seen.get(key) ?? { valid: 0, written: 0 };
      seen.set(key, mine);
      // A row already in the ledger before this import (however often this file repeats it) is skipped once per copy.
      const inLedger = f.customerId > 0 && f.casinoId > 0 && f.transactionTypeId > 0 ? sameRows.get(f.customerId, f.casinoId, date.value, f.transactionTypeId, f.unplayedCoinsChange, f.playedCoinsChange, f.usdChange)!.n : 0;
      const before = inLedger - mine.written;
      const skippedSoFar = mine.valid - mine.written;
      mine.valid++;
      if (skippedSoFar < before) return 'duplicate';
      if (write) {
        const link = linkBalance.get(f.customerId, f.casinoId)!;
        const pairKey = `${f.customerId}:${f.casinoId}`;
        const id = insertEntry(s, f, { scRatio: theCasino.scRatio, link }, write.actor.id, { date: date.value, at }, (from) => {
          const earliest = recomputeFromPair.get(pairKey);
          if (!earliest || from.date < earliest.date) recomputeFromPair.set(pairKey, from);
        });
        appendAuditSync(sqlite, write.actor, { action: 'import', entity: 'transaction', entityId: id, after: auditedFields({ ...f, date: date.value }) }, write.now);
      }
      mine.written += write ? 1 : 0;
      written++;
      return 'valid';
    },
    finish() {
      for (const from of recomputeFromPair.values()) recomputeFrom(s, { ...from, id: 0 });
    },
    created: () => ({ transactions: written, ...names.created }),
  };
}
