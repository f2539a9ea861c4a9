import { type RawBuilder, sql } from 'kysely';
import { HIGH_SC_USD_FACTOR } from '../../../shared/constants';
import { formatHundredths } from '../../../shared/money';
import { type HIGH_SC_SORTS, parseSort, type SortText } from '../../../shared/sorting';
import type { HighScRow, Paging } from '../../../shared/schemas/reports';
import type { Db } from '../../db/types';
import { sqliteOf } from '../../db/database';
import { linkBalancesOf } from './link-balances';
import { dir, type Ordering, pageOf } from './report-order';

/** Balances are hundredths of coins: USD value > threshold  <=>  coins > threshold x 1000 x 100. */
export const highScFloor = (thresholdUsd: number) => Math.round(thresholdUsd * HIGH_SC_USD_FACTOR * 100);

/**
 * A High SC sort (decision 044) over the matching links (never transactions): the chosen column, then
 * customer and casino name. `coins` are the unplayed and played balance expressions of the query.
 */
export function highScOrdering(
  text: SortText<(typeof HIGH_SC_SORTS)[number]> | undefined,
  unplayed: RawBuilder<number>,
  played: RawBuilder<number>,
): Ordering {
  const sort = parseSort(text ?? 'customer');
  const d = dir(sort.desc);
  const names: Ordering = [
    [sql`c.name`, sort.column === 'customer' ? d : 'asc'],
    [sql`k.name`, sort.column === 'casino' ? d : 'asc'],
  ];
  const first: Ordering =
    sort.column === 'unplayed'
      ? [[unplayed, d]]
      : sort.column === 'played'
        ? [[played, d]]
        : sort.column === 'total' || sort.column === 'usd'
          ? [[sql`${unplayed} + ${played}`, d]]
          : [];
  return [...first, ...(sort.column === 'casino' ? [names[1], names[0]] : names)];
}

/** Below this many matching links a page is found through the coins index and sorted; above, by walking names. */
const FEW_HIGH_BALANCES = 2000;

/**
 * Spec 2.14: links whose (unplayed + played) / 1000 is above the threshold (USD), by customer then casino
 * unless `sort` says otherwise (the matching links are sorted: links, never transactions). In name order
 * with many matches, the cross joins fix the order (customers in name order, their index; each
 * customer's links by primary key), so a page stops after its rows; with few (a high threshold), they are
 * found by a range seek on the coins index and sorted.
 */
export async function highSc(
  db: Db,
  thresholdUsd: number,
  page: Paging & { sort?: SortText<(typeof HIGH_SC_SORTS)[number]> } = {},
  fewLimit = FEW_HIGH_BALANCES,
): Promise<HighScRow[]> {
  const floor = highScFloor(thresholdUsd);
  const coins = sql<number>`l."currentUnplayedCoins" + l."currentPlayedCoins"`;
  const ordering = highScOrdering(page.sort, sql<number>`l."currentUnplayedCoins"`, sql<number>`l."currentPlayedCoins"`);
  // How many links match, from the balances this thread keeps (decision 026): counting them on the coins
  // index read each match's row (the expression index does not cover the query), 2.9 ms for 2,000.
  const matches = linkBalancesOf(sqliteOf(db)).above(floor).accounts;
  const walk = matches > fewLimit && (page.sort ?? 'customer') === 'customer';
  const rows = await (
    walk
      ? db
          .selectFrom('customers as c')
          .crossJoin('customerCasinos as l')
          .crossJoin('casinos as k')
          .whereRef('l.customerId', '=', 'c.id')
          .whereRef('k.id', '=', 'l.casinoId')
      : db
          .selectFrom('customerCasinos as l')
          .innerJoin('customers as c', 'c.id', 'l.customerId')
          .innerJoin('casinos as k', 'k.id', 'l.casinoId')
  )
    // In the walk, "+ 0" keeps SQLite off the coins index inside the loop (it would range-scan it per customer).
    .where(walk ? sql<number>`${coins} + 0` : coins, '>', floor)
    .select([
      'l.customerId',
      'l.casinoId',
      'c.name as customerName',
      'k.name as casinoName',
      'l.currentUnplayedCoins',
      'l.currentPlayedCoins',
    ])
    .$call((q) => ordering.reduce((o, [e, d]) => o.orderBy(e, d), q))
    .orderBy('l.customerId')
    .orderBy('l.casinoId')
    .$call((q) => pageOf(q, page))
    .execute();
  return rows.map((r) => ({
    customerId: r.customerId,
    customerName: r.customerName,
    casinoId: r.casinoId,
    casinoName: r.casinoName,
    totalCoins: formatHundredths(r.currentUnplayedCoins),
    playedCoins: formatHundredths(r.currentPlayedCoins),
  }));
}

/**
 * Spec 2.14 cards over every matching link (the screen shows one page of rows), from the link balances
 * this thread keeps (decision 026). Each link's USD value is rounded to the cent as highScUsdHundredths
 * does (half up; every matching total is positive).
 */
export async function highScSummary(db: Db, thresholdUsd: number) {
  const { accounts, customers, usd } = linkBalancesOf(sqliteOf(db)).above(highScFloor(thresholdUsd));
  return { accounts, uniqueCustomers: customers, totalUSD: formatHundredths(usd) };
}

/** The High SC cards: accounts, unique customers, and the sum of the rows' USD values (each rounded to the cent). */
export type HighScSummary = Awaited<ReturnType<typeof highScSummary>>;
