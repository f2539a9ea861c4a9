import type SQLite from 'better-sqlite3';
import { nameKey } from '../../../shared/names';
import { createCustomerInput } from '../../../shared/schemas/customers';
import type { CustomerImportField, ImportField } from '../../../shared/import-fields';
import { appendAuditSync } from '../audit/audit.repository';
import type { ImportCell } from './import-file';
import type { ImportWrite, RowOutcome, RowWriter } from './import-run';
import { changedNames } from './import-names';
import { asText } from './import-values';

/** A customer row checked by the Add Customer form's own schema: the name and email, or the field that refuses it. */
export function checkCustomerRow(
  cells: ImportCell[],
  columns: Partial<Record<ImportField, number>>,
): { name: string; email: string | null } | { field: CustomerImportField; message: string } {
  const get = (field: CustomerImportField) => {
    const index = columns[field];
    return index === undefined ? undefined : asText(cells[index] ?? null);
  };
  const parsed = createCustomerInput.safeParse({ name: get('name') ?? '', email: get('email') ?? null });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return { field: issue?.path[0] === 'email' ? 'email' : 'name', message: issue?.message ?? 'Invalid value' };
}

/**
 * Customers: a name already in the product (as a person reads it: case and spaces aside), or earlier in
 * the file, is a duplicate, skipped. The checked customers are kept and written in bounded batches (decision 080).
 */
export function customerWriter(sqlite: SQLite.Database, check: typeof checkCustomerRow): RowWriter {
  const known = new Set(
    sqlite
      .prepare<[], { name: string }>('select name from customers')
      .all()
      .map((c) => nameKey(c.name)),
  );
  const kept: { name: string; email: string | null }[] = [];
  const names = new Set<string>();
  return {
    row(cells, columns): RowOutcome {
      const checked = check(cells, columns);
      if ('field' in checked) return { error: checked };
      const key = nameKey(checked.name);
      if (known.has(key)) return 'duplicate';
      known.add(key);
      names.add(key);
      kept.push(checked);
      return 'valid';
    },
    countCopies: () => 0,
    prepare: () => true,
    *batches(write: ImportWrite, size: () => number) {
      const insert = sqlite.prepare<[{ name: string; email: string | null; createdAt: string }], never>(
        'insert into customers (name, email, "isActive", "createdAt") values (@name, @email, 1, @createdAt)',
      );
      for (let i = 0; i < kept.length;) {
        const batch = kept.slice(i, (i += Math.max(1, size())));
        yield () => {
          for (const c of batch) {
            const id = Number(insert.run({ name: c.name, email: c.email, createdAt: write.now.toISOString() }).lastInsertRowid);
            appendAuditSync(
              sqlite,
              write.actor,
              { action: 'import', entity: 'customer', entityId: id, after: { id, name: c.name, email: c.email, isActive: true } },
              write.now,
            );
          }
          return { written: batch.length, copies: 0 };
        };
      }
    },
    created: () => ({ transactions: 0, customers: kept.length, casinos: 0, transactionTypes: 0, links: 0 }),
    // A customer named (or renamed) meanwhile like one the file adds would be added twice.
    touchedBy: (change) => change.entity === 'customer' && changedNames(change).some((n) => names.has(n)),
  };
}
