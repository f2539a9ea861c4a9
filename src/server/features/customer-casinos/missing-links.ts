import type { Db } from '../../db/types';
import { fieldError } from '../../trpc/errors';
import { type Actor, appendAudit } from '../audit/audit.repository';
import { masterCasinosOf } from '../reports/reports.repository';

/**
 * Participation's "Create missing links" (decision 041): for each active customer other than the master
 * (or the one given), a link with `status` and zero balances to each of the master's casinos they have no
 * link to. One SQLite transaction, one audit entry per link; existing links are never changed.
 */
export async function createMissingLinks(db: Db, masterId: number, customerId: number | undefined, status: 'inactive' | 'active', actor: Actor): Promise<{ created: number }> {
  return db.transaction().execute(async (trx) => {
    const master = await trx.selectFrom('customers').select('id').where('id', '=', masterId).executeTakeFirst();
    if (!master) throw fieldError('masterUserId', 'Customer not found');
    let customers = trx.selectFrom('customers').select('id').where('id', '!=', masterId).where('isActive', '=', 1);
    if (customerId !== undefined) customers = customers.where('id', '=', customerId);
    const targets = (await customers.execute()).map((c) => c.id);
    if (customerId !== undefined && targets.length === 0) throw fieldError('customerId', 'Customer not found or not active');
    const casinos = await masterCasinosOf(trx, masterId);
    if (targets.length === 0 || casinos.length === 0) return { created: 0 };
    const existing = await trx.selectFrom('customerCasinos').select(['customerId', 'casinoId']).where('customerId', 'in', targets).execute();
    const have = new Set(existing.map((l) => `${l.customerId}:${l.casinoId}`));
    let created = 0;
    for (const c of targets) {
      for (const k of casinos) {
        if (have.has(`${c}:${k.id}`)) continue;
        await trx.insertInto('customerCasinos').values({ customerId: c, casinoId: k.id, status }).execute();
        await appendAudit(trx, actor, { action: 'create', entity: 'link', entityId: null, before: null, after: { customerId: c, casinoId: k.id, status } });
        created += 1;
      }
    }
    return { created };
  });
}
