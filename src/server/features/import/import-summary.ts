import type { ImportResult } from '../../../shared/schemas/import';

/** The import's outcome as the command line prints it: the same figures the API answers. */
export function formatImportSummary(r: ImportResult): string {
  const c = r.created;
  const verb = r.dryRun
    ? 'Dry run: nothing written.'
    : r.committed
      ? 'Imported.'
      : `Nothing was imported: ${r.invalid} ${r.invalid === 1 ? 'row has' : 'rows have'} errors.`;
  const lines = [
    verb,
    `Rows: ${r.rows}   valid: ${r.valid}   invalid: ${r.invalid}   duplicates skipped: ${r.skippedDuplicates}`,
    `${r.dryRun || !r.committed ? 'Would create' : 'Created'}: ${c.transactions} transactions, ${c.customers} customers, ${c.casinos} casinos, ${c.transactionTypes} transaction types, ${c.links} links`,
  ];
  for (const e of r.errors.slice(0, 20)) {
    const value = e.value === null ? '' : ` (value: "${e.value}")`;
    lines.push(`  row ${e.row}, ${e.column ?? e.field}: ${e.message}${value}`);
  }
  if (r.invalid > 20) lines.push(`  … and ${r.invalid - 20} more (see the failed rows file)`);
  return lines.join('\n');
}
