import type { TransactionTypeView } from '../../../shared/schemas/transaction-types';
import { sqliteOf } from '../../db/database';
import type { Db } from '../../db/types';
import { conflict, fieldError, notFound } from '../../errors/domain-errors';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';
import { checkVersion, type ExpectedVersion } from '../audit/record-versions';
import { findCasino } from '../casinos/casinos.repository';
import { checkInZone, isCheckInName, rebuildCheckIns } from '../check-ins/check-in-days';

export function listTypes(db: Db, casinoId?: number): Promise<TransactionTypeView[]> {
  let query = db.selectFrom('transactionTypes').select(['id', 'name', 'casinoId', 'version']);
  if (casinoId !== undefined) query = query.where('casinoId', '=', casinoId);
  return query.orderBy('name').orderBy('id').execute();
}

async function assertNameFree(db: Db, casinoId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('transactionTypes')
    .select('id')
    .where('casinoId', '=', casinoId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(`This casino already has a transaction type named "${name}"`);
}

export async function insertType(db: Db, input: { name: string; casinoId: number }, actor: Actor = SYSTEM): Promise<TransactionTypeView> {
  return db.transaction().execute(async (trx) => {
    if (!(await findCasino(trx, input.casinoId))) throw fieldError('casinoId', 'Casino not found');
    await assertNameFree(trx, input.casinoId, input.name);
    const type = await trx
      .insertInto('transactionTypes')
      .values(input)
      .returning(['id', 'name', 'casinoId', 'version'])
      .executeTakeFirstOrThrow();
    await appendAudit(trx, actor, { action: 'create', entity: 'transactionType', entityId: type.id, after: type });
    return type;
  });
}

export async function renameType(
  db: Db,
  id: number,
  name: string,
  actor: Actor = SYSTEM,
  expected?: ExpectedVersion,
): Promise<TransactionTypeView> {
  return db.transaction().execute(async (trx) => {
    const type = await trx
      .selectFrom('transactionTypes')
      .select(['id', 'name', 'casinoId', 'version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!type) throw notFound('Transaction type not found');
    checkVersion(sqliteOf(db), { entity: 'transactionType', id }, type.version, expected);
    await assertNameFree(trx, type.casinoId, name, id);
    await trx.updateTable('transactionTypes').set({ name }).where('id', '=', id).execute();
    // Read back: the version its trigger bumped (RETURNING would answer the row before the trigger).
    const renamed = await trx
      .selectFrom('transactionTypes')
      .select(['id', 'name', 'casinoId', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Its transactions become check-ins, or stop being ones: the casino's kept check-in days follow (decision 061).
    if (isCheckInName(type.name) !== isCheckInName(name)) {
      const sqlite = sqliteOf(db);
      rebuildCheckIns(sqlite, checkInZone(sqlite), type.casinoId);
    }
    await appendAudit(trx, actor, { action: 'edit', entity: 'transactionType', entityId: id, before: type, after: renamed });
    return renamed;
  });
}

/** Deletes a type no transaction uses; a type in use is a 409 saying how many use it. */
export async function deleteType(db: Db, id: number, actor: Actor = SYSTEM): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const type = await trx.selectFrom('transactionTypes').select(['id', 'name', 'casinoId']).where('id', '=', id).executeTakeFirst();
    if (!type) throw notFound('Transaction type not found');
    const used = await trx
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('transactionTypeId', '=', id)
      .executeTakeFirstOrThrow();
    const n = Number(used.n);
    if (n > 0) throw conflict(`This type is used by ${n} ${n === 1 ? 'transaction' : 'transactions'} and cannot be deleted`);
    await trx.deleteFrom('transactionTypes').where('id', '=', id).execute();
    await appendAudit(trx, actor, { action: 'delete', entity: 'transactionType', entityId: id, before: type });
  });
}

/**
 * Gives a casino the types another casino has, in one step: each name the target lacks (letter case
 * aside) is created, each with its audit entry, all in one transaction; names it has already are left.
 */
export async function copyTypes(
  db: Db,
  casinoId: number,
  fromCasinoId: number,
  actor: Actor = SYSTEM,
): Promise<{ created: TransactionTypeView[]; skipped: number }> {
  if (casinoId === fromCasinoId) throw fieldError('fromCasinoId', 'Choose another casino to copy from');
  return db.transaction().execute(async (trx) => {
    if (!(await findCasino(trx, casinoId))) throw notFound('Casino not found');
    if (!(await findCasino(trx, fromCasinoId))) throw fieldError('fromCasinoId', 'Casino to copy from not found');
    const [source, target] = await Promise.all([listTypes(trx, fromCasinoId), listTypes(trx, casinoId)]);
    if (source.length === 0) throw fieldError('fromCasinoId', 'That casino has no transaction types to copy');
    const held = new Set(target.map((t) => t.name.toLowerCase()));
    const created: TransactionTypeView[] = [];
    for (const { name } of source) {
      if (held.has(name.toLowerCase())) continue;
      held.add(name.toLowerCase());
      const type = await trx
        .insertInto('transactionTypes')
        .values({ name, casinoId })
        .returning(['id', 'name', 'casinoId', 'version'])
        .executeTakeFirstOrThrow();
      await appendAudit(trx, actor, {
        action: 'create',
        entity: 'transactionType',
        entityId: type.id,
        after: { ...type, copiedFromCasinoId: fromCasinoId },
      });
      created.push(type);
    }
    return { created, skipped: source.length - created.length };
  });
}
