import type { CasinoView } from '../../../shared/schemas/casinos';
import type { CasinoRow, Db } from '../../db/types';
import { notFound } from '../../trpc/errors';

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

export async function insertCasino(db: Db, input: Required<CasinoChanges>): Promise<CasinoView> {
  const row = await db
    .insertInto('casinos')
    .values({ ...toRow(input), name: input.name, createdAt: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCasinoView(row);
}

export async function updateCasino(db: Db, id: number, changes: CasinoChanges): Promise<CasinoView> {
  const row = await db.updateTable('casinos').set(toRow(changes)).where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) throw notFound('Casino not found');
  return toCasinoView(row);
}
