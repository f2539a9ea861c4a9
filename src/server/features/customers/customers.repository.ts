import type { CustomerView } from '../../../shared/schemas/customers';
import type { CustomerRow, Db } from '../../db/types';
import { notFound } from '../../trpc/errors';

export const toCustomerView = (row: CustomerRow): CustomerView => ({ ...row, isActive: row.isActive === 1 });

export async function listCustomers(db: Db): Promise<CustomerView[]> {
  const rows = await db.selectFrom('customers').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toCustomerView);
}

export async function getCustomer(db: Db, id: number): Promise<CustomerRow> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Customer not found');
  return row;
}

export async function insertCustomer(db: Db, input: { name: string; email: string | null }): Promise<CustomerView> {
  const row = await db
    .insertInto('customers')
    .values({ ...input, isActive: 1, createdAt: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCustomerView(row);
}

export async function updateCustomer(
  db: Db,
  id: number,
  changes: { name?: string; email?: string | null; isActive?: boolean },
): Promise<CustomerView> {
  const { isActive, ...rest } = changes;
  const row = await db
    .updateTable('customers')
    .set({ ...rest, ...(isActive === undefined ? {} : { isActive: isActive ? 1 : 0 }) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Customer not found');
  return toCustomerView(row);
}
