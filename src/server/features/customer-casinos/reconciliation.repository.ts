import { formatHundredths } from '../../../shared/money';
import { type ReconciliationRow } from '../../../shared/schemas/customer-casinos';
import { DEFAULT_STALE_DAYS, RECONCILIATION_PAGE_SIZE } from '../../../shared/limits';
import { countWhere } from '../../db/count-where';
import type { Db } from '../../db/types';
import { DAY_MS } from '../../../shared/dates';
import { type ReconciliationView } from '../../../shared/schemas/reconciliations';
import { RECONCILIATIONS_PAGE_SIZE } from '../../../shared/limits';

/**
 * Active links with their last reconciliation, the ones never reconciled or not within `staleDays`
 * first (oldest first), paged.
 */
export async function reconciliationReport(
  db: Db,
  input: { staleDays?: number; limit?: number; offset?: number } | undefined,
  now = new Date(),
) {
  const staleDays = input?.staleDays ?? DEFAULT_STALE_DAYS;
  const cutoff = new Date(now.getTime() - staleDays * DAY_MS).toISOString();
  const active = db.selectFrom('customerCasinos as l').where('l.status', '=', 'active');
  const [rows, counts] = await Promise.all([
    active
      .innerJoin('customers', 'customers.id', 'l.customerId')
      .innerJoin('casinos', 'casinos.id', 'l.casinoId')
      .leftJoin('users', 'users.id', 'l.lastReconciledByUserId')
      .select([
        'l.customerId',
        'l.casinoId',
        'customers.name as customerName',
        'casinos.name as casinoName',
        'l.lastReconciledAt',
        'users.email as lastReconciledBy',
        'l.lastReconciledDifferenceUnplayed',
        'l.lastReconciledDifferencePlayed',
      ])
      .orderBy((eb) => eb.fn.coalesce('l.lastReconciledAt', eb.val('')))
      .orderBy('customers.name')
      .orderBy('casinos.name')
      .limit(input?.limit ?? RECONCILIATION_PAGE_SIZE)
      .offset(input?.offset ?? 0)
      .execute(),
    active
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        countWhere(eb, eb.or([eb('l.lastReconciledAt', 'is', null), eb('l.lastReconciledAt', '<', cutoff)])).as('stale'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    staleDays,
    totalCount: Number(counts.total),
    staleCount: Number(counts.stale ?? 0),
    rows: rows.map((r): ReconciliationRow => ({
      customerId: r.customerId,
      customerName: r.customerName,
      casinoId: r.casinoId,
      casinoName: r.casinoName,
      lastReconciledAt: r.lastReconciledAt,
      lastReconciledBy: r.lastReconciledBy,
      differenceUnplayed: r.lastReconciledDifferenceUnplayed === null ? null : formatHundredths(r.lastReconciledDifferenceUnplayed),
      differencePlayed: r.lastReconciledDifferencePlayed === null ? null : formatHundredths(r.lastReconciledDifferencePlayed),
      stale: r.lastReconciledAt === null || r.lastReconciledAt < cutoff,
    })),
  };
}

/**
 * Kept reconciliations, newest first, with the ledger's balance at each one's moment as the triggers of
 * migration 0066 keep it (decision 191): `status` reads the kept flag through its index, never the
 * transactions.
 */
export async function listReconciliations(
  db: Db,
  input: { status?: 'broken' | 'ok'; customerId?: number; casinoId?: number; limit?: number; offset?: number } | undefined,
): Promise<{ reconciliations: ReconciliationView[]; totalCount: number }> {
  let q = db.selectFrom('reconciliations as r');
  if (input?.status) q = q.where('r.broken', '=', input.status === 'broken' ? 1 : 0);
  if (input?.customerId !== undefined) q = q.where('r.customerId', '=', input.customerId);
  if (input?.casinoId !== undefined) q = q.where('r.casinoId', '=', input.casinoId);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('customers', 'customers.id', 'r.customerId')
      .innerJoin('casinos', 'casinos.id', 'r.casinoId')
      .select([
        'r.id',
        'r.customerId',
        'customers.name as customerName',
        'r.casinoId',
        'casinos.name as casinoName',
        'r.at',
        'r.recordedUnplayed',
        'r.recordedPlayed',
        'r.ledgerUnplayed',
        'r.ledgerPlayed',
        'r.broken',
      ])
      .orderBy('r.at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(input?.limit ?? RECONCILIATIONS_PAGE_SIZE)
      .offset(input?.offset ?? 0)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    totalCount: Number(count.n),
    reconciliations: rows.map((r) => ({
      id: r.id,
      customerId: r.customerId,
      customerName: r.customerName,
      casinoId: r.casinoId,
      casinoName: r.casinoName,
      at: r.at,
      recordedUnplayed: formatHundredths(r.recordedUnplayed),
      recordedPlayed: formatHundredths(r.recordedPlayed),
      ledgerUnplayedAtThatMoment: formatHundredths(r.ledgerUnplayed),
      ledgerPlayedAtThatMoment: formatHundredths(r.ledgerPlayed),
      status: r.broken ? 'broken' : 'ok',
    })),
  };
}
