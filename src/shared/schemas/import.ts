import { z } from 'zod';

/** The product fields a transaction import fills, in the order errors are reported. */
export const TRANSACTION_IMPORT_FIELDS = [
  'date',
  'customer',
  'casino',
  'transactionType',
  'unplayedCoinsChange',
  'playedCoinsChange',
  'usdChange',
] as const;
export type TransactionImportField = (typeof TRANSACTION_IMPORT_FIELDS)[number];
export const CUSTOMER_IMPORT_FIELDS = ['name', 'email'] as const;
export type CustomerImportField = (typeof CUSTOMER_IMPORT_FIELDS)[number];
export type ImportField = TransactionImportField | CustomerImportField;
export type ImportKind = 'transactions' | 'customers';

/** Each field's label (the product's own export header) and the other headers recognised for it. */
export const IMPORT_HEADERS: Record<ImportField, { label: string; aliases: string[] }> = {
  date: { label: 'Date', aliases: ['date', 'when', 'date time', 'datetime', 'timestamp', 'transaction date', 'occurred at'] },
  customer: { label: 'Customer', aliases: ['customer', 'customer name', 'player', 'client'] },
  casino: { label: 'Casino', aliases: ['casino', 'casino name', 'site'] },
  transactionType: { label: 'Transaction Type', aliases: ['transaction type', 'type', 'transaction'] },
  unplayedCoinsChange: {
    label: 'Unplayed Coins Change',
    aliases: ['unplayed coins change', 'unplayed change', 'unplayed coins', 'unplayed', 'unplayed sc'],
  },
  playedCoinsChange: {
    label: 'Played Coins Change',
    aliases: ['played coins change', 'played change', 'played coins', 'played', 'played sc'],
  },
  usdChange: { label: 'USD Change', aliases: ['usd change', 'usd', 'usd amount', 'amount', 'amount usd'] },
  name: { label: 'Name', aliases: ['name', 'customer', 'customer name', 'full name'] },
  email: { label: 'Email', aliases: ['email', 'e-mail', 'email address', 'mail'] },
};

export const importFields = (kind: ImportKind): readonly ImportField[] =>
  kind === 'transactions' ? TRANSACTION_IMPORT_FIELDS : CUSTOMER_IMPORT_FIELDS;
/** Fields a file may leave out (an empty column is then read as empty cells). */
export const OPTIONAL_IMPORT_FIELDS: readonly ImportField[] = ['email'];

const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, ' ');

/** The column each field reads: the mapping's header when given, else the first header recognised. */
export function detectColumns(
  kind: ImportKind,
  headers: readonly string[],
  mapping: Partial<Record<ImportField, string>> = {},
): Partial<Record<ImportField, number>> {
  const found: Partial<Record<ImportField, number>> = {};
  const keys = headers.map(headerKey);
  for (const field of importFields(kind)) {
    const chosen = mapping[field];
    const index = chosen !== undefined ? keys.indexOf(headerKey(chosen)) : keys.findIndex((k) => IMPORT_HEADERS[field].aliases.includes(k));
    if (index >= 0) found[field] = index;
  }
  return found;
}

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

export const MAX_LISTED_ERRORS = 1000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
