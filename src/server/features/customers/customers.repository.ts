import type { CustomerView } from '../../../shared/schemas/customers';
import { activeAsBoolean, activeAsStored } from '../../db/active-flag';
import type { CustomerRow, Db } from '../../db/types';
import { notFound } from '../../errors/domain-errors';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';
import { checkVersion, type ExpectedVersion } from '../audit/record-versions';
import { sqliteOf } from '../../db/database';

export const toCustomerView = (row: CustomerRow): CustomerView => activeAsBoolean(row);

export async function listCustomers(db: Db): Promise<CustomerView[]> {
  const rows = await db.selectFrom('customers').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toCustomerView);
}

export async function insertCustomer(db: Db, input: { name: string; email: string | null }, actor: Actor = SYSTEM): Promise<CustomerView> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('customers')
      .values({ ...input, isActive: 1, createdAt: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = toCustomerView(row);
    await appendAudit(trx, actor, { action: 'create', entity: 'customer', entityId: row.id, after: view });
    return view;
  });
}

export async function updateCustomer(
  db: Db,
  id: number,
  changes: { name?: string; email?: string | null; isActive?: boolean },
  actor: Actor = SYSTEM,
  expected?: ExpectedVersion,
): Promise<CustomerView> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Customer not found');
    checkVersion(sqliteOf(db), { entity: 'customer', id }, before.version, expected);
    await trx.updateTable('customers').set(activeAsStored(changes)).where('id', '=', id).execute();
    // Read back: the version its trigger bumped (RETURNING would answer the row before the trigger).
    const row = await trx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const view = toCustomerView(row);
    await appendAudit(trx, actor, { action: 'edit', entity: 'customer', entityId: id, before: toCustomerView(before), after: view });
    return view;
  });
}
