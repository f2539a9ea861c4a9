import { sql } from 'kysely';
import { formatHundredths } from '../../../shared/money';
import type { HighScRow, Paging } from '../../../shared/schemas/reports';
import type { Db } from '../../db/types';
import { balancesAsOf } from '../customer-casinos/customer-casinos.repository';
import { HIGH_SC_USD_FACTOR } from '../../../shared/constants';
import type { HIGH_SC_SORTS, SortText } from '../../../shared/sorting';
import { highScFloor, highScOrdering, type HighScSummary } from './high-sc';

/** High SC rows (spec 2.14) as they stood at the end of `asOf`, sorted as the report is (decision 044). */
export async function highScAsOf(
  db: Db,
  { thresholdUsd, asOf, timeZone }: { thresholdUsd: number; asOf: string; timeZone: string },
  page: Paging & { sort?: SortText<(typeof HIGH_SC_SORTS)[number]> } = {},
): Promise<HighScRow[]> {
  let q = db
    .selectFrom(balancesAsOf(db, asOf, timeZone).as('b'))
    .innerJoin('customers as c', 'c.id', 'b.customerId')
    .innerJoin('casinos as k', 'k.id', 'b.casinoId')
    .where(sql<boolean>`b.u + b.p > ${highScFloor(thresholdUsd)}`)
    .select(['b.customerId', 'b.casinoId', 'c.name as customerName', 'k.name as casinoName', 'b.u', 'b.p'])
    .$call((o) => highScOrdering(page.sort, sql<number>`b.u`, sql<number>`b.p`).reduce((q2, [e, d]) => q2.orderBy(e, d), o))
    .orderBy('b.customerId')
    .orderBy('b.casinoId');
  if (page.limit !== undefined || page.offset !== undefined) q = q.limit(page.limit ?? -1).offset(page.offset ?? 0);
  const rows = await q.execute();
  return rows.map((r) => ({
    customerId: r.customerId,
    customerName: r.customerName,
    casinoId: r.casinoId,
    casinoName: r.casinoName,
    totalCoins: formatHundredths(r.u),
    playedCoins: formatHundredths(r.p),
  }));
}

/** The High SC cards as they stood at the end of `asOf`. */
export async function highScSummaryAsOf(db: Db, thresholdUsd: number, asOf: string, timeZone: string): Promise<HighScSummary> {
  const half = HIGH_SC_USD_FACTOR / 2;
  const row = await db
    .selectFrom(balancesAsOf(db, asOf, timeZone).as('b'))
    .where(sql<boolean>`b.u + b.p > ${highScFloor(thresholdUsd)}`)
    .select([
      sql<number>`count(*)`.as('accounts'),
      sql<number>`count(distinct b."customerId")`.as('customers'),
      sql<number>`coalesce(sum((b.u + b.p + ${sql.lit(half)}) / ${sql.lit(HIGH_SC_USD_FACTOR)}), 0)`.as('usd'),
    ])
    .executeTakeFirstOrThrow();
  return { accounts: Number(row.accounts), uniqueCustomers: Number(row.customers), totalUSD: formatHundredths(Number(row.usd)) };
}
