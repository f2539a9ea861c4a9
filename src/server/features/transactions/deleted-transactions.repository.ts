import type { DeletedTransactionView } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { entryView, withEntryNames } from './transactions.repository';

/** Deleted transactions, most recently deleted first, with the names a person recognises them by. */
export async function listDeleted(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ transactions: DeletedTransactionView[]; totalCount: number }> {
  const [rows, count] = await Promise.all([
    withEntryNames(db.selectFrom('deletedTransactions as e'))
      .leftJoin('users', 'users.id', 'e.deletedByUserId')
      .select(['e.deletedAt', 'e.deletedByUserId', 'users.email as deletedByEmail'])
      .orderBy('e.deletedAt', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('deletedTransactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalCount: Number(count.n),
    // Object.assign, not a spread: see toTransactionView.
    transactions: rows.map((r) =>
      Object.assign(entryView(r), {
        deletedAt: r.deletedAt,
        deletedBy: r.deletedByUserId !== null && r.deletedByEmail !== null ? { id: r.deletedByUserId, email: r.deletedByEmail } : null,
      }),
    ),
  };
}
