import { purchaseRatio } from '../../../shared/ledger';
import type { Db, TransactionRow } from '../../db/types';
import { conflict, fieldError, notFound } from '../../trpc/errors';
import { invalidateCounts } from './transactions.repository';

/**
 * The ledger write path: the only code that changes transactions or link balances. Each of
 * create, edit and delete runs in one SQLite transaction and keeps both invariants true:
 *   1. a link's balances (and usdTotal, transactionCount) equal the sums over its transactions;
 *   2. each transaction's after-values equal the running sums over its pair, ordered by (date, id).
 */

type Trx = Db;

/** The six fields a caller gives for a transaction (amounts in hundredths). */
export type LedgerFields = Pick<
  TransactionRow,
  'customerId' | 'casinoId' | 'transactionTypeId' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'usdChange'
>;

interface Position {
  customerId: number;
  casinoId: number;
  date: string;
  id: number;
}

/** Checks the references of a write; `requireActive` for new entries (and moves to another pair). */
async function checkReferences(trx: Trx, f: LedgerFields, requireActive: boolean): Promise<{ scRatio: number }> {
  const customer = await trx.selectFrom('customers').select(['id', 'isActive']).where('id', '=', f.customerId).executeTakeFirst();
  if (!customer) throw fieldError('customerId', 'Customer not found');
  const casino = await trx.selectFrom('casinos').select(['id', 'isActive', 'scRatio']).where('id', '=', f.casinoId).executeTakeFirst();
  if (!casino) throw fieldError('casinoId', 'Casino not found');
  const type = await trx.selectFrom('transactionTypes').select('casinoId').where('id', '=', f.transactionTypeId).executeTakeFirst();
  if (!type) throw fieldError('transactionTypeId', 'Transaction type not found');
  if (type.casinoId !== f.casinoId) throw fieldError('transactionTypeId', 'Transaction type does not belong to this casino');
  const link = await trx
    .selectFrom('customerCasinos')
    .select('status')
    .where('customerId', '=', f.customerId)
    .where('casinoId', '=', f.casinoId)
    .executeTakeFirst();
  if (requireActive) {
    if (!customer.isActive) throw fieldError('customerId', 'Customer is inactive');
    if (!casino.isActive) throw fieldError('casinoId', 'Casino is inactive');
    if (link?.status !== 'active') throw fieldError('casinoId', 'Customer has no active registration at this casino');
  } else if (!link) {
    throw fieldError('casinoId', 'Customer is not registered at this casino');
  }
  return { scRatio: casino.scRatio };
}

/** Adds (sign 1) or removes (sign -1) a transaction's changes to its link's balances. */
async function applyToLink(trx: Trx, f: LedgerFields, sign: 1 | -1): Promise<void> {
  await trx
    .updateTable('customerCasinos')
    .set((eb) => ({
      currentUnplayedCoins: eb('currentUnplayedCoins', '+', sign * f.unplayedCoinsChange),
      currentPlayedCoins: eb('currentPlayedCoins', '+', sign * f.playedCoinsChange),
      usdTotal: eb('usdTotal', '+', sign * f.usdChange),
      transactionCount: eb('transactionCount', '+', sign),
    }))
    .where('customerId', '=', f.customerId)
    .where('casinoId', '=', f.casinoId)
    .execute();
}

/** Rewrites the after-values of every transaction of the pair at or after `from` in (date, id) order. */
async function recomputeFrom(trx: Trx, from: Position): Promise<void> {
  const before = await trx
    .selectFrom('transactions')
    .select(['unplayedCoinsAfter', 'playedCoinsAfter'])
    .where('customerId', '=', from.customerId)
    .where('casinoId', '=', from.casinoId)
    .where((eb) => eb.or([eb('date', '<', from.date), eb.and([eb('date', '=', from.date), eb('id', '<', from.id)])]))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let unplayed = before?.unplayedCoinsAfter ?? 0;
  let played = before?.playedCoinsAfter ?? 0;
  const rows = await trx
    .selectFrom('transactions')
    .select(['id', 'unplayedCoinsChange', 'playedCoinsChange', 'unplayedCoinsAfter', 'playedCoinsAfter', 'totalCoinsAfter'])
    .where('customerId', '=', from.customerId)
    .where('casinoId', '=', from.casinoId)
    .where((eb) => eb.or([eb('date', '>', from.date), eb.and([eb('date', '=', from.date), eb('id', '>=', from.id)])]))
    .orderBy('date')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    unplayed += row.unplayedCoinsChange;
    played += row.playedCoinsChange;
    if (row.unplayedCoinsAfter === unplayed && row.playedCoinsAfter === played && row.totalCoinsAfter === unplayed + played) continue;
    await trx
      .updateTable('transactions')
      .set({ unplayedCoinsAfter: unplayed, playedCoinsAfter: played, totalCoinsAfter: unplayed + played })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Runs one ledger write in one SQLite transaction; cached counts are dropped once it has committed. */
async function write<T>(db: Db, body: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(body);
  } finally {
    invalidateCounts(db);
  }
}

export interface Idempotency {
  key: string;
  /** A digest of the request body: the same key with another body is a conflict. */
  requestHash: string;
}

/**
 * Records a new transaction and returns its id. With an idempotency key already used by this
 * user for the same body, returns the earlier transaction's id and writes nothing.
 */
export function createEntry(db: Db, f: LedgerFields, userId: number, idem?: Idempotency, now = new Date()): Promise<number> {
  return write(db, async (trx) => {
    if (idem) {
      const seen = await trx.selectFrom('idempotencyKeys').selectAll().where('key', '=', idem.key).executeTakeFirst();
      if (seen) {
        if (seen.userId !== userId || seen.requestHash !== idem.requestHash) {
          throw conflict('This idempotency key was already used for a different request');
        }
        return seen.transactionId;
      }
    }
    const { scRatio } = await checkReferences(trx, f, true);
    const stamp = now.toISOString();
    const { id } = await trx
      .insertInto('transactions')
      .values({
        ...f,
        date: stamp,
        purchaseRatio: purchaseRatio(f.unplayedCoinsChange, f.usdChange, scRatio),
        unplayedCoinsAfter: 0,
        playedCoinsAfter: 0,
        totalCoinsAfter: 0,
        createdByUserId: userId,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await applyToLink(trx, f, 1);
    await recomputeFrom(trx, { customerId: f.customerId, casinoId: f.casinoId, date: stamp, id });
    if (idem) {
      await trx.insertInto('idempotencyKeys').values({ ...idem, userId, transactionId: id, createdAt: stamp }).execute();
    }
    return id;
  });
}

async function loadEntry(trx: Trx, id: number) {
  const row = await trx.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Transaction not found');
  return row;
}

export function editEntry(db: Db, id: number, f: LedgerFields, now = new Date()): Promise<void> {
  return write(db, async (trx) => {
    const old = await loadEntry(trx, id);
    const moved = old.customerId !== f.customerId || old.casinoId !== f.casinoId;
    const { scRatio } = await checkReferences(trx, f, moved);
    await applyToLink(trx, old, -1);
    await trx
      .updateTable('transactions')
      .set({ ...f, purchaseRatio: purchaseRatio(f.unplayedCoinsChange, f.usdChange, scRatio), updatedAt: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await applyToLink(trx, f, 1);
    await recomputeFrom(trx, { ...f, date: old.date, id });
    if (moved) await recomputeFrom(trx, { customerId: old.customerId, casinoId: old.casinoId, date: old.date, id });
  });
}

export function deleteEntry(db: Db, id: number): Promise<void> {
  return write(db, async (trx) => {
    const old = await loadEntry(trx, id);
    await trx.deleteFrom('idempotencyKeys').where('transactionId', '=', id).execute();
    await trx.deleteFrom('transactions').where('id', '=', id).execute();
    await applyToLink(trx, old, -1);
    await recomputeFrom(trx, old);
  });
}
