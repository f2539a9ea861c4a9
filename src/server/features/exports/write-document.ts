import type { Writable } from 'node:stream';
import type { StatementInput } from '../../../shared/schemas/statements';
import type { Db } from '../../db/types';
import { writeStatement } from './statement-file';
import { exportSheet, type ExportRequest } from './export-sheets';
import { type ExportFormat, writeExport } from './export-writer';

/** What the export thread writes: a report's export, or a customer's statement (decision 181). */
export type DocumentRequest = ExportRequest | { kind: 'statement'; input: StatementInput };
export type DocumentFormat = ExportFormat | 'pdf';

/** Writes one document to `out`, ending it; resolves with its number of rows. */
export function writeDocument(
  db: Db,
  request: DocumentRequest,
  { format, out, timeZone, day, maxRows }: { format: DocumentFormat; out: Writable; timeZone: string; day: string; maxRows?: number },
): Promise<number> {
  if (request.kind === 'statement') return writeStatement(db, request.input, { format, out, timeZone, maxRows });
  if (format === 'pdf') return Promise.reject(new Error('Only a statement is written as a PDF'));
  return writeExport(exportSheet(db, request, timeZone, day), format, out, { timeZone, maxRows });
}
