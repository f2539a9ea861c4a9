import { type SelectQueryBuilder, sql } from 'kysely';
import { sqliteOf } from '../../db/database';
import { checkVersion, type ExpectedVersion } from '../audit/record-versions';
import type { LinkStatus } from '../../../shared/constants';
import { dayStartUtc, nextDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import type { LinkView } from '../../../shared/schemas/customer-casinos';
import type { Database, Db, LinkRow } from '../../db/types';
import { fieldError } from '../../errors/domain-errors';
import { type Actor, appendAudit, SYSTEM } from '../audit/audit.repository';
import { keptFigures } from '../transactions/kept-figures';

export const toLinkView = (row: LinkRow): LinkView => ({
  customerId: row.customerId,
  casinoId: row.casinoId,
  status: row.status,
  currentUnplayedCoins: formatHundredths(row.currentUnplayedCoins),
  currentPlayedCoins: formatHundredths(row.currentPlayedCoins),
  version: row.version,
});

/**
 * Every link's balances at the end of `asOf` (office time zone): each pair's last stored after-values
 * before the next day began (one seek on the pair-date index per link), 0 before its first entry.
 */
export function balancesAsOf(db: Db, asOf: string, timeZone: string) {
  const end = dayStartUtc(nextDay(asOf), timeZone);
  const last = (column: 'unplayedCoinsAfter' | 'playedCoinsAfter') =>
    sql<number>`coalesce((select t.${sql.ref(column)} from transactions t where t."customerId" = l."customerId" and t."casinoId" = l."casinoId"
      and t.date < ${end} order by t.date desc, t.id desc limit 1), 0)`;
  return db
    .selectFrom('customerCasinos as l')
    .select(['l.customerId', 'l.casinoId', 'l.status', 'l.version', last('unplayedCoinsAfter').as('u'), last('playedCoinsAfter').as('p')]);
}

/** A customer's links with their balances at the end of `asOf`. */
export async function listLinksAsOf(db: Db, customerId: number, asOf: string, timeZone: string): Promise<LinkView[]> {
  const rows = await balancesAsOf(db, asOf, timeZone).where('l.customerId', '=', customerId).orderBy('l.casinoId').execute();
  return rows.map((r) => ({
    customerId: r.customerId,
    casinoId: r.casinoId,
    status: r.status,
    currentUnplayedCoins: formatHundredths(r.u),
    currentPlayedCoins: formatHundredths(r.p),
    version: r.version,
  }));
}

export async function listLinks(db: Db, customerId?: number): Promise<LinkView[]> {
  let query = db.selectFrom('customerCasinos').selectAll();
  if (customerId !== undefined) query = query.where('customerId', '=', customerId);
  const rows = await query.orderBy('customerId').orderBy('casinoId').execute();
  return rows.map(toLinkView);
}

/** Creates the link with zero balances, or changes its status; balances are the ledger's alone. */
export async function setLinkStatus(
  db: Db,
  customerId: number,
  casinoId: number,
  status: LinkStatus,
  actor: Actor = SYSTEM,
  expected?: ExpectedVersion,
): Promise<LinkView> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw fieldError('customerId', 'Customer not found');
    const casino = await trx.selectFrom('casinos').select('id').where('id', '=', casinoId).executeTakeFirst();
    if (!casino) throw fieldError('casinoId', 'Casino not found');
    const pair = (q: SelectQueryBuilder<Database, 'customerCasinos', object>) =>
      q.where('customerId', '=', customerId).where('casinoId', '=', casinoId);
    const before = await pair(trx.selectFrom('customerCasinos')).select(['status', 'version']).executeTakeFirst();
    if (before) checkVersion(sqliteOf(db), { entity: 'link', customerId, casinoId }, before.version, expected);
    await trx
      .insertInto('customerCasinos')
      .values({ customerId, casinoId, status })
      .onConflict((oc) => oc.columns(['customerId', 'casinoId']).doUpdateSet({ status }))
      .execute();
    // Read back: the version its trigger bumped (RETURNING would answer the row before the trigger).
    const row = await pair(trx.selectFrom('customerCasinos')).selectAll().executeTakeFirstOrThrow();
    // A new link counts in its casino's kept figures (decision 130); the transaction holds the one connection.
    if (!before) keptFigures(sqliteOf(db)).linkAdded(customerId, casinoId);
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
