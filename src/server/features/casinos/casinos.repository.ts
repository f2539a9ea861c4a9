import type { CasinoView } from '../../../shared/schemas/casinos';
import { activeAsBoolean, activeAsStored } from '../../db/active-flag';
import type { CasinoRow, Db } from '../../db/types';
import { fieldConflict, notFound } from '../../errors/domain-errors';
import { sameName } from '../../../shared/names';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';
import { checkVersion, type ExpectedVersion } from '../audit/record-versions';
import { sqliteOf } from '../../db/database';

export const toCasinoView = (row: CasinoRow): CasinoView => activeAsBoolean(row);

export async function listCasinos(db: Db): Promise<CasinoView[]> {
  const rows = await db.selectFrom('casinos').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toCasinoView);
}

export function findCasino(db: Db, id: number): Promise<CasinoRow | undefined> {
  return db.selectFrom('casinos').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface CasinoChanges {
  name?: string;
  website?: string | null;
  isActive?: boolean;
  scRatio?: number;
}

/** A casino name is unique, ignoring letter case and surrounding spaces: a look-alike is a 409 on `name`. */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const rows = await db.selectFrom('casinos').select(['id', 'name']).execute();
  const taken = rows.find((r) => r.id !== exceptId && sameName(r.name, name));
  if (taken) throw fieldConflict('name', `A casino named "${taken.name}" already exists`);
}

export async function insertCasino(db: Db, input: Required<CasinoChanges>, actor: Actor = SYSTEM): Promise<CasinoView> {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name);
    const row = await trx
      .insertInto('casinos')
      .values({ ...activeAsStored(input), name: input.name, createdAt: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = toCasinoView(row);
    await appendAudit(trx, actor, { action: 'create', entity: 'casino', entityId: row.id, after: view });
    return view;
  });
}

export async function updateCasino(
  db: Db,
  id: number,
  changes: CasinoChanges,
  actor: Actor = SYSTEM,
  expected?: ExpectedVersion,
): Promise<CasinoView> {
  return db.transaction().execute(async (trx) => {
    const before = await findCasino(trx, id);
    if (!before) throw notFound('Casino not found');
    checkVersion(sqliteOf(db), { entity: 'casino', id }, before.version, expected);
    if (changes.name !== undefined) await assertNameFree(trx, changes.name, id);
    await trx.updateTable('casinos').set(activeAsStored(changes)).where('id', '=', id).execute();
    // Read back: the version its trigger bumped (RETURNING would answer the row before the trigger).
    const row = await trx.selectFrom('casinos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const view = toCasinoView(row);
    await appendAudit(trx, actor, { action: 'edit', entity: 'casino', entityId: id, before: toCasinoView(before), after: view });
    return view;
  });
}
