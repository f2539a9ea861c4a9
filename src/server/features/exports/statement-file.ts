import type { Writable } from 'node:stream';
import type { StatementFormat, StatementInput } from '../../../shared/schemas/statements';
import type { Db } from '../../db/types';
import { writeExport } from './export-writer';
import { statementOf } from './statement-data';
import { writeStatementPdf } from './statement-pdf';
import { statementSheet } from './statement-sheet';

/**
 * Writes a customer's statement to `out` in the export thread: its frame is read and checked first (a
 * statement that does not add up fails before any byte), then its entries are streamed in the format
 * asked for; CSV and Excel through the exports' own writer. Resolves with the number of rows or entries.
 */
export async function writeStatement(
  db: Db,
  input: StatementInput,
  { format, out, timeZone, maxRows }: { format: StatementFormat; out: Writable; timeZone: string; maxRows?: number },
): Promise<number> {
  const statement = await statementOf(db, input, timeZone);
  return format === 'pdf'
    ? writeStatementPdf(db, statement, out)
    : writeExport(statementSheet(db, statement), format, out, { timeZone, maxRows });
}
