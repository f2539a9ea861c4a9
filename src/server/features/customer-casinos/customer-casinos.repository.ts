import type { LinkStatus } from '../../../shared/constants';
import { dayStartUtc, nextDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import type { LinkView } from '../../../shared/schemas/customer-casinos';
import type { Db, LinkRow } from '../../db/types';
import { fieldError } from '../../trpc/errors';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';

export const toLinkView = (row: LinkRow): LinkView => ({
  customerId: row.customerId,
  casinoId: row.casinoId,
  status: row.status,
  currentUnplayedCoins: formatHundredths(row.currentUnplayedCoins),
  currentPlayedCoins: formatHundredths(row.currentPlayedCoins),
});

/**
 * A customer's links with their balances at the end of `asOf` (office time zone): each pair's last
 * stored after-values before the next day began (one index seek per link), 0 before its first entry.
 */
export async function listLinksAsOf(db: Db, customerId: number, asOf: string, timeZone: string): Promise<LinkView[]> {
  const end = dayStartUtc(nextDay(asOf), timeZone);
  const rows = await db
    .selectFrom('customerCasinos as l')
    .select((eb) => [
      'l.customerId',
      'l.casinoId',
      'l.status',
      eb
        .selectFrom('transactions as t')
        .select('t.unplayedCoinsAfter')
        .whereRef('t.customerId', '=', 'l.customerId')
        .whereRef('t.casinoId', '=', 'l.casinoId')
        .where('t.date', '<', end)
        .orderBy('t.date', 'desc')
        .orderBy('t.id', 'desc')
        .limit(1)
        .as('unplayed'),
      eb
        .selectFrom('transactions as t')
        .select('t.playedCoinsAfter')
        .whereRef('t.customerId', '=', 'l.customerId')
        .whereRef('t.casinoId', '=', 'l.casinoId')
        .where('t.date', '<', end)
        .orderBy('t.date', 'desc')
        .orderBy('t.id', 'desc')
        .limit(1)
        .as('played'),
    ])
    .where('l.customerId', '=', customerId)
    .orderBy('l.casinoId')
    .execute();
  return rows.map((r) => ({
    customerId: r.customerId,
    casinoId: r.casinoId,
    status: r.status,
    currentUnplayedCoins: formatHundredths(r.unplayed ?? 0),
    currentPlayedCoins: formatHundredths(r.played ?? 0),
  }));
}

export async function listLinks(db: Db, customerId?: number): Promise<LinkView[]> {
  let query = db.selectFrom('customerCasinos').selectAll();
  if (customerId !== undefined) query = query.where('customerId', '=', customerId);
  const rows = await query.orderBy('customerId').orderBy('casinoId').execute();
  return rows.map(toLinkView);
}

/** Creates the link with zero balances, or changes its status; balances are the ledger's alone. */
export async function setLinkStatus(db: Db, customerId: number, casinoId: number, status: LinkStatus, actor: Actor = SYSTEM): Promise<LinkView> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw fieldError('customerId', 'Customer not found');
    const casino = await trx.selectFrom('casinos').select('id').where('id', '=', casinoId).executeTakeFirst();
    if (!casino) throw fieldError('casinoId', 'Casino not found');
    const before = await trx.selectFrom('customerCasinos').select('status').where('customerId', '=', customerId).where('casinoId', '=', casinoId).executeTakeFirst();
    const row = await trx
      .insertInto('customerCasinos')
      .values({ customerId, casinoId, status })
      .onConflict((oc) => oc.columns(['customerId', 'casinoId']).doUpdateSet({ status }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(trx, actor, {
      action: before ? 'status' : 'create',
      entity: 'link',
      entityId: null,
      before: before ? { customerId, casinoId, status: before.status } : null,
      after: { customerId, casinoId, status },
    });
    return toLinkView(row);
  });
}
