import { z } from 'zod';
import { CUSTOMER_IMPORT_FIELDS, type ImportField, TRANSACTION_IMPORT_FIELDS } from '../import-fields';

const flag01 = (name: string) =>
  z
    .enum(['0', '1', 'true', 'false'], { error: `${name} must be 0 or 1` })
    .optional()
    .transform((v) => v === '1' || v === 'true');

/** The import's query string: dryRun, createMissing, skipInvalid (0 or 1) and an optional mapping (JSON: field -> header). */
export const importQuery = z.strictObject({
  dryRun: flag01('dryRun'),
  createMissing: flag01('createMissing'),
  skipInvalid: flag01('skipInvalid'),
  mapping: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return {} as Partial<Record<ImportField, string>>;
      try {
        const parsed = z
          .partialRecord(z.enum([...TRANSACTION_IMPORT_FIELDS, ...CUSTOMER_IMPORT_FIELDS]), z.string().min(1).max(200))
          .safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // refused below
      }
      ctx.addIssue({ code: 'custom', message: 'Mapping must be a JSON object of field names to column headers' });
      return z.NEVER;
    }),
});
export type ImportOptions = z.output<typeof importQuery>;

const importFieldName = z.enum([...TRANSACTION_IMPORT_FIELDS, ...CUSTOMER_IMPORT_FIELDS]);

export const importRowError = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number().int(),
  field: z.union([importFieldName, z.literal('row')]),
  /** The column's header as the file writes it (null when the file has no such column). */
  column: z.string().nullable(),
  /** The refused cell as read (shortened past 60 characters), or null when no cell is at fault. */
  value: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

const count = z.number().int();
/** What an import (or its dry run) found and did. `errors` lists the first MAX_LISTED_ERRORS; `invalid` counts them all. */
export const importResult = z.object({
  importId: z.string(),
  dryRun: z.boolean(),
  committed: z.boolean(),
  rows: count,
  valid: count,
  invalid: count,
  errors: z.array(importRowError),
  created: z.object({ transactions: count, customers: count, casinos: count, transactionTypes: count, links: count }),
  skippedDuplicates: count,
  /** The file's headers and the column (index) each field was read from. */
  headers: z.array(z.string()),
  columns: z.partialRecord(importFieldName, count),
});
export type ImportResult = z.infer<typeof importResult>;
