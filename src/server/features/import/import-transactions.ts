import type SQLite from 'better-sqlite3';
import type { ImportField, TransactionImportField } from '../../../shared/schemas/import';
import type { Actor } from '../audit/audit.repository';
import { appendAuditSync } from '../audit/audit.repository';
import { auditedFields } from '../transactions/ledger';
import { BulkRows, insertMany } from '../transactions/ledger-bulk';
import { ledgerStatements } from '../transactions/ledger-statements';
import type { ImportCell } from './import-file';
import { ImportNames } from './import-names';
import type { ImportTask, RowOutcome, RowWriter } from './import-run';
import {
  amountInput,
  checkCasinoName,
  checkCustomerName,
  checkPlayed,
  checkTypeName,
  checkUnplayed,
  checkUsd,
  type Checked,
  dateChecker,
} from './import-values';

type Refusal = { error: { field: ImportField; message: string } };
const refuse = (field: TransactionImportField, message: string): Refusal => ({ error: { field, message } });

/**
 * Transactions, row by row: each value checked as a typed entry's and names resolved (or created with
 * createMissing); the checked rows are kept and, after the last one, handed to the ledger's insertMany,
 * which skips copies of rows already in the ledger and adds the rest with one pass per pair (decision 052).
 */
export function transactionWriter(sqlite: SQLite.Database, task: ImportTask, write: { actor: Actor; now: Date } | null): RowWriter {
  const s = ledgerStatements(sqlite);
  const names = new ImportNames(sqlite, write);
  const create = task.options.createMissing;
  const checkDate = dateChecker(task.timeZone, (write?.now ?? new Date()).getTime());
  // Checked rows wait here, in typed arrays (decision 053); finish() writes them all at once, by pair and date (decision 052).
  let entries = new BulkRows();
  let written = 0;

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
      checks.push(
        ['date', date],
        ['customer', customer],
        ['casino', casino],
        ['transactionType', type],
        ['unplayedCoinsChange', unplayed],
        ['playedCoinsChange', played],
        ['usdChange', usd],
      );
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

      entries.push({
        date: date.value,
        customerId: theCustomer.id,
        casinoId: theCasino.id,
        transactionTypeId: theType.id,
        unplayedCoinsChange: unplayed.value,
        playedCoinsChange: played.value,
        usdChange: usd.value,
        scRatio: theCasino.scRatio,
      });
      return 'valid';
    },
    finish() {
      const at = (write?.now ?? new Date()).toISOString();
      const outcome = insertMany(
        s,
        entries,
        write && {
          userId: write.actor.id,
          at,
          inserted: (id, e) =>
            appendAuditSync(
              sqlite,
              write.actor,
              { action: 'import', entity: 'transaction', entityId: id, after: auditedFields(e) },
              write.now,
            ),
        },
      );
      written = outcome.inserted;
      entries = new BulkRows();
      return { duplicates: outcome.duplicates };
    },
    created: () => ({ transactions: written, ...names.created }),
  };
}
