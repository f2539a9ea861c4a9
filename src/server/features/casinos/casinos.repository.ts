import type { CasinoView } from '../../../shared/schemas/casinos';
import type { CasinoRow, Db } from '../../db/types';
import { fieldConflict, notFound } from '../../trpc/errors';
import { sameName } from '../../../shared/names';

export const toCasinoView = (row: CasinoRow): CasinoView => ({ ...row, isActive: row.isActive === 1 });

export async function listCasinos(db: Db): Promise<CasinoView[]> {
  const rows = await db.selectFrom('casinos').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toCasinoView);
}

export async function getCasino(db: Db, id: number): Promise<CasinoRow> {
  const row = await db.selectFrom('casinos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Casino not found');
  return row;
}

export interface CasinoChanges {
  name?: string;
  website?: string | null;
  isActive?: boolean;
  scRatio?: number;
}

const toRow = ({ isActive, ...rest }: CasinoChanges) => ({ ...rest, ...(isActive === undefined ? {} : { isActive: isActive ? 1 : 0 }) });

/** A casino name is unique, ignoring letter case and surrounding spaces: a look-alike is a 409 on `name`. */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const rows = await db.selectFrom('casinos').select(['id', 'name']).execute();
  const taken = rows.find((r) => r.id !== exceptId && sameName(r.name, name));
  if (taken) throw fieldConflict('name', `A casino named "${taken.name}" already exists`);
}

export async function insertCasino(db: Db, input: Required<CasinoChanges>): Promise<CasinoView> {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name);
    const row = await trx
      .insertInto('casinos')
      .values({ ...toRow(input), name: input.name, createdAt: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCasinoView(row);
  });
}

export async function updateCasino(db: Db, id: number, changes: CasinoChanges): Promise<CasinoView> {
  return db.transaction().execute(async (trx) => {
    if (changes.name !== undefined) await assertNameFree(trx, changes.name, id);
    const row = await trx.updateTable('casinos').set(toRow(changes)).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound('Casino not found');
    return toCasinoView(row);
  });
}
