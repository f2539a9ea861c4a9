import type SQLite from 'better-sqlite3';
import type { ImportField, TransactionImportField } from '../../../shared/import-fields';
import { appendAuditSync } from '../audit/audit.repository';
import { closedProblem, refuseClosed } from '../books/closed-books';
import { auditedFields } from '../transactions/ledger';
import { type BulkEntry, BulkRows, insertMany } from '../transactions/ledger-bulk';
import { ledgerStatements } from '../transactions/ledger-statements';
import type { ImportCell } from './import-file';
import { ImportNames } from './import-names';
import type { ImportTask, ImportWrite, RowOutcome, RowWriter } from './import-run';
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
 * Transactions, row by row: each value checked as a typed entry's and names resolved (stand-ins for the
 * records createMissing will create); the checked rows are kept, and written after the last one through
 * the ledger's insertMany, which skips copies of rows already in the ledger and adds the rest with one
 * pass per pair (decision 052), in bounded batches (decision 080).
 */
export function transactionWriter(sqlite: SQLite.Database, task: ImportTask, now: Date): RowWriter {
  const s = ledgerStatements(sqlite);
  const names = new ImportNames(sqlite);
  const create = task.options.createMissing;
  const checkDate = dateChecker(task.timeZone, now.getTime());
  // Checked rows wait here, in typed arrays (decision 053), until they are written by pair and date (decision 052).
  const entries = new BulkRows();

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
      const closed = closedProblem(sqlite, date.value);
      if (closed) return refuse('date', closed);

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
    countCopies: () => insertMany(s, entries, null).duplicates,
    prepare(write, max) {
      if (!names.createPending(write, max)) return false;
      entries.remap(names.idOf);
      return true;
    },
    *batches(write: ImportWrite, size: () => number) {
      const at = write.now.toISOString();
      const bulk = {
        userId: write.actor.id,
        at,
        inserted: (id: number, e: BulkEntry) =>
          appendAuditSync(
            sqlite,
            write.actor,
            { action: 'import', entity: 'transaction', entityId: id, after: auditedFields(e) },
            write.now,
          ),
      };
      const order = entries.byPairDate();
      for (let i = 0; i < order.length;) {
        let j = Math.min(i + Math.max(1, size()), order.length);
        // A pair is cut only where its date moves on: a later batch reads the pair from its own first date,
        // so it never meets an earlier batch's rows as stored rows to compare with (decision 080).
        while (j < order.length && entries.samePair(order[j - 1], order[j]) && entries.sameDate(order[j - 1], order[j])) j++;
        const batch = entries.pick(order.subarray(i, j));
        i = j;
        yield () => {
          // Books closed since the file was checked refuse the batch, by the one closed-period rule
          // (decision 214); the batches before it stay.
          const earliest = batch.earliest();
          if (earliest) refuseClosed(sqlite, earliest);
          const outcome = insertMany(s, batch, bulk);
          return { written: outcome.inserted, copies: outcome.duplicates };
        };
      }
    },
    created: () => ({ transactions: 0, ...names.created }),
    touchedBy: (change) => names.touchedBy(change),
  };
}
