import type { DeletedTransactionView } from '../../../shared/schemas/transactions';
import type { Db } from '../../db/types';
import { ENTRY_NAMES, entryView } from './transactions.repository';

/** Deleted transactions, most recently deleted first, with the names a person recognises them by. */
export async function listDeleted(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ transactions: DeletedTransactionView[]; totalCount: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('deletedTransactions as d')
      .innerJoin('customers', 'customers.id', 'd.customerId')
      .innerJoin('casinos', 'casinos.id', 'd.casinoId')
      .innerJoin('transactionTypes', 'transactionTypes.id', 'd.transactionTypeId')
      .leftJoin('users', 'users.id', 'd.deletedByUserId')
      .select([
        'd.id',
        'd.date',
        'd.unplayedCoinsChange',
        'd.playedCoinsChange',
        'd.usdChange',
        'd.deletedAt',
        'd.deletedByUserId',
        ...ENTRY_NAMES,
        'users.email as deletedByEmail',
      ])
      .orderBy('d.deletedAt', 'desc')
      .orderBy('d.id', 'desc')
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
    transactions: rows.map((r) => ({
      ...entryView(r),
      deletedAt: r.deletedAt,
      deletedBy: r.deletedByUserId !== null && r.deletedByEmail !== null ? { id: r.deletedByUserId, email: r.deletedByEmail } : null,
    })),
  };
}
