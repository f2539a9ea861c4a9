import { MAX_LINKS_PER_REQUEST } from '../../../shared/constants';
import { sqliteOf } from '../../db/database';
import type { Db } from '../../db/types';
import { fieldError } from '../../errors/domain-errors';
import { type Actor, appendAudit } from '../audit/audit.repository';
import { masterCasinosOf } from '../reports/reports.repository';
import { keptFigures } from '../transactions/kept-figures';

/**
 * Participation's "Create missing links" (decision 041): for each active customer other than the master
 * (or the one given), a link with `status` and zero balances to each of the master's casinos they have no
 * link to. One SQLite transaction, one audit entry per link; existing links are never changed. At most
 * `cap` links a request (decision 044): `more` says that missing links remain for the next request.
 */
export async function createMissingLinks(
  db: Db,
  masterId: number,
  customerId: number | undefined,
  status: 'inactive' | 'active',
  actor: Actor,
  cap = MAX_LINKS_PER_REQUEST,
): Promise<{ created: number; more: boolean }> {
  return db.transaction().execute(async (trx) => {
    const master = await trx.selectFrom('customers').select('id').where('id', '=', masterId).executeTakeFirst();
    if (!master) throw fieldError('masterUserId', 'Customer not found');
    if (customerId !== undefined) {
      const target = await trx
        .selectFrom('customers')
        .select('id')
        .where('id', '=', customerId)
        .where('id', '!=', masterId)
        .where('isActive', '=', 1)
        .executeTakeFirst();
      if (!target) throw fieldError('customerId', 'Customer not found or not active');
    }
    const casinoIds = (await masterCasinosOf(trx, masterId)).map((k) => k.id);
    if (casinoIds.length === 0) return { created: 0, more: false };
    // The missing pairs, found by primary-key probes of the links, in customer order, cap + 1 at most.
    let pairs = trx
      .selectFrom('customers')
      .innerJoin('casinos', (join) => join.on('casinos.id', 'in', casinoIds))
      .select(['customers.id as customerId', 'casinos.id as casinoId'])
      .where('customers.id', '!=', masterId)
      .where('customers.isActive', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('customerCasinos')
              .select('customerCasinos.customerId')
              .whereRef('customerCasinos.customerId', '=', 'customers.id')
              .whereRef('customerCasinos.casinoId', '=', 'casinos.id'),
          ),
        ),
      );
    if (customerId !== undefined) pairs = pairs.where('customers.id', '=', customerId);
    const missing = await pairs
      .orderBy('customers.id')
      .orderBy('casinos.id')
      .limit(cap + 1)
      .execute();
    const now = missing.slice(0, cap);
    for (const { customerId: c, casinoId: k } of now) {
      await trx.insertInto('customerCasinos').values({ customerId: c, casinoId: k, status }).execute();
      // Its casino's kept figures (decision 130); the transaction holds the one connection.
      keptFigures(sqliteOf(db)).linkAdded(c, k);
      await appendAudit(trx, actor, {
        action: 'create',
        entity: 'link',
        entityId: null,
        before: null,
        after: { customerId: c, casinoId: k, status },
      });
    }
    return { created: now.length, more: missing.length > cap };
  });
}
