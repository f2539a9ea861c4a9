/**
 * What an import reads, with no zod: the fields, the headers recognised for each, which column each is
 * read from. The web app's import screen shows them without fetching the schemas' code (schemas/import.ts
 * checks the query and types the result; decision 239).
 */
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

/** The most refused rows an import's answer lists (the rest are counted). */
export const MAX_LISTED_ERRORS = 1000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
