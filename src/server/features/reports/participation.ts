import { sql } from 'kysely';
import { type PARTICIPATION_SORTS, parseSort, type SortText } from '../../../shared/sorting';
import type { Paging, ParticipationRow } from '../../../shared/schemas/reports';
import type { Db } from '../../db/types';
import { fieldError } from '../../errors/domain-errors';
import { sqliteOf } from '../../db/database';
import { linkBalancesOf } from './link-balances';
import { dir, pageOf } from './report-order';

/** Decision 041: the casinos that count in the Participation report, active with the master's link active. */
function masterCasinoIds(db: Db, masterId: number) {
  return db
    .selectFrom('customerCasinos as m')
    .innerJoin('casinos as mk', 'mk.id', 'm.casinoId')
    .select('m.casinoId')
    .where('m.customerId', '=', masterId)
    .where('m.status', '=', 'active')
    .where('mk.isActive', '=', 1);
}

/** The same casinos with their names, for Create missing links. */
export function masterCasinosOf(db: Db, masterId: number) {
  return db
    .selectFrom('casinos as k')
    .select(['k.id', 'k.name', 'k.website'])
    .where('k.id', 'in', masterCasinoIds(db, masterId))
    .orderBy('k.name')
    .execute();
}

/** The customers the Participation report compares with the master: every other active one. */
function othersOf(db: Db, masterId: number) {
  return db.selectFrom('customers as c').where('c.id', '!=', masterId).where('c.isActive', '=', 1);
}

async function requireMaster(db: Db, masterId: number): Promise<void> {
  const master = await db.selectFrom('customers').select('id').where('id', '=', masterId).executeTakeFirst();
  if (!master) throw fieldError('masterUserId', 'Customer not found');
}

/**
 * Spec 2.16: for every other active customer (by name, paged when asked), the master's casinos where
 * this customer has no link. The master's casinos are the active casinos where the master's link is
 * active; any link, whatever its status, registers a customer (decision 041). The page's registrations
 * come from the links the read thread keeps (link-balances.ts), not a query per customer or per pair.
 */
export async function participation(
  db: Db,
  masterId: number,
  page: Paging = {},
  sortText?: SortText<(typeof PARTICIPATION_SORTS)[number]>,
): Promise<ParticipationRow[]> {
  await requireMaster(db, masterId);
  const casinos = await masterCasinosOf(db, masterId);
  // Sorted over every compared customer before the page is cut (decision 044): by name, or by how many
  // of the master's casinos each misses (its links there counted on its primary key), then by name.
  const sort = parseSort(sortText ?? 'customer');
  const d = dir(sort.desc);
  let list = othersOf(db, masterId).select(['c.id', 'c.name', 'c.email']);
  if (sort.column === 'missing')
    list = list
      .orderBy(registeredAt(db, masterId), sort.desc ? 'asc' : 'desc')
      .orderBy('c.name')
      .orderBy('c.id');
  else list = list.orderBy('c.name', d).orderBy('c.id', d);
  const customers = await list.$call((q) => pageOf(q, page)).execute();
  if (customers.length === 0) return [];
  // Whether each of the page's customers is registered at each of the master's casinos, from the links
  // this thread keeps (decision 026): 4,000 probes a page, each a lookup instead of a read of the links.
  const registered = linkBalancesOf(sqliteOf(db)).registrations();
  const missingOf = (customerId: number) =>
    casinos.filter((k) => !registered(customerId, k.id)).map((k) => ({ name: k.name, website: k.website }));
  return customers.map((c) => ({
    customerId: c.id,
    customer: { name: c.name, email: c.email },
    customerName: c.name,
    totalCasinos: casinos.length,
    missingCasinos: missingOf(c.id),
  }));
}

/** A compared customer's links at the master's casinos (any status), from its primary-key range. */
function registeredAt(db: Db, masterId: number) {
  return (
    db
      .selectFrom('customerCasinos as l')
      .where('l.customerId', '=', sql.ref<number>('c.id'))
      // "+ 0": one range of the primary key per customer, not a seek per casino on the casino index.
      .where(sql<number>`l."casinoId" + 0`, 'in', masterCasinoIds(db, masterId))
      .select(sql<number>`count(*)`.as('n'))
  );
}

/**
 * Spec 2.16 cards over every compared customer (the screen shows one page of them): each customer's
 * count of links at the master's casinos, from the links this thread keeps (decision 026).
 * `totalCasinos` is the master's casinos (decision 041).
 */
export async function participationSummary(db: Db, masterId: number) {
  await requireMaster(db, masterId);
  const casinoIds = (await masterCasinoIds(db, masterId).execute()).map((r) => r.casinoId);
  const compared = othersOf(db, masterId);
  const analyzed = Number((await compared.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  // The customers left out (the master, inactive ones): few, where the compared are thousands.
  const left = await db.selectFrom('customers').select('id').except(compared.select('c.id')).execute();
  const leftOut = new Set(left.map((r) => r.id));
  let links = 0;
  let complete = 0;
  linkBalancesOf(sqliteOf(db))
    .linksAt(casinoIds)
    .forEach((n, customerId) => {
      if (n === 0 || leftOut.has(customerId)) return;
      links += n;
      if (n === casinoIds.length) complete += 1;
    });
  const totalCasinos = casinoIds.length;
  return {
    customersAnalyzed: analyzed,
    needRegistration: analyzed - (totalCasinos === 0 ? analyzed : complete),
    totalMissing: analyzed * totalCasinos - links,
    totalCasinos,
  };
}
