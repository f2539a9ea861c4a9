import { type ExpressionBuilder, sql } from 'kysely';
import { PAYOUT_WINDOW_DAYS } from '../../../shared/constants';
import { DAY_MS, localDay, localDays } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import type { PayoutRow, RedemptionView } from '../../../shared/schemas/redemptions';
import { REDEMPTIONS_PAGE_SIZE } from '../../../shared/limits';
import { quantile } from '../../../shared/stats';
import { countWhere } from '../../db/count-where';
import type { Database, Db, RedemptionRow } from '../../db/types';
import { notFound } from '../../errors/domain-errors';

export interface RedemptionFilters {
  status?: RedemptionRow['status'];
  customerId?: number;
  casinoId?: number;
  /** One redemption (the answer of a step). */
  id?: number;
}

/** The filters of the list and its count (one function, so they cannot disagree). */
function filtered(db: Db, f: RedemptionFilters) {
  let q = db.selectFrom('redemptions as r');
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.customerId !== undefined) q = q.where('r.customerId', '=', f.customerId);
  if (f.casinoId !== undefined) q = q.where('r.casinoId', '=', f.casinoId);
  if (f.id !== undefined) q = q.where('r.id', '=', f.id);
  return q;
}

const userName = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
  sql<
    string | null
  >`coalesce(nullif(trim(coalesce(${eb.ref('u.firstName')}, '') || ' ' || coalesce(${eb.ref('u.lastName')}, '')), ''), ${eb.ref('u.email')})`;

/** Days each received redemption took, per casino, over the window ending `now`. */
async function daysToPay(db: Db, now: Date, casinoIds?: number[]): Promise<Map<number, number[]>> {
  if (casinoIds && casinoIds.length === 0) return new Map();
  const since = new Date(now.getTime() - PAYOUT_WINDOW_DAYS * DAY_MS).toISOString();
  let q = db
    .selectFrom('redemptions')
    .select(['casinoId', 'requestedAt', 'receivedAt'])
    .where('status', '=', 'received')
    .where('receivedAt', '>=', since);
  if (casinoIds) q = q.where('casinoId', 'in', casinoIds);
  const days = new Map<number, number[]>();
  for (const r of await q.execute()) {
    let list = days.get(r.casinoId);
    if (!list) days.set(r.casinoId, (list = []));
    list.push((Date.parse(r.receivedAt ?? r.requestedAt) - Date.parse(r.requestedAt)) / DAY_MS);
  }
  return days;
}

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/**
 * A pending redemption is overdue when it is older than twice its casino's median time to pay, that
 * median taken as at least one day: a casino that pays the same day (median 0) would otherwise mark
 * every fresh request overdue (decision 096).
 */
const OVERDUE_MIN_MEDIAN_DAYS = 1;
const isOverdue = (ageDays: number | null, medianDays: number | null) =>
  ageDays !== null && medianDays !== null && ageDays > 2 * Math.max(medianDays, OVERDUE_MIN_MEDIAN_DAYS);

export async function listRedemptions(
  db: Db,
  f: RedemptionFilters & { limit?: number; offset?: number },
  timeZone: string,
  now = new Date(),
) {
  const officeToday = localDay(now, timeZone);
  const officeDay = localDays(timeZone);
  const limit = f.limit ?? REDEMPTIONS_PAGE_SIZE;
  const offset = f.offset ?? 0;
  const oldestFirst = f.status === 'pending';
  // The page's ids first, on the filters' index alone (an offset skips index entries, not joined rows); then their rows.
  const [ids, count, transit] = await Promise.all([
    filtered(db, f)
      .select('r.id')
      .orderBy('r.requestedAt', oldestFirst ? 'asc' : 'desc')
      .orderBy('r.id', oldestFirst ? 'asc' : 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    inTransit(db, { customerId: f.customerId, casinoId: f.casinoId }),
  ]);
  const found = ids.length
    ? await db
        .selectFrom('redemptions as r')
        .innerJoin('customers as c', 'c.id', 'r.customerId')
        .innerJoin('casinos as k', 'k.id', 'r.casinoId')
        .leftJoin('users as u', 'u.id', 'r.requestedByUserId')
        .leftJoin('users as fu', 'fu.id', 'r.finishedByUserId')
        .selectAll('r')
        .select((eb) => [
          'c.name as customerName',
          'k.name as casinoName',
          userName(eb).as('requestedBy'),
          'fu.email as finishedByEmail',
          'fu.firstName as finishedFirst',
          'fu.lastName as finishedLast',
        ])
        .where(
          'r.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap((r) => byId.get(r.id) ?? []);
  const pendingCasinos = [...new Set(rows.filter((r) => r.status === 'pending').map((r) => r.casinoId))];
  const medians = new Map([...(await daysToPay(db, now, pendingCasinos))].map(([casinoId, days]) => [casinoId, quantile(days, 0.5)]));
  const redemptions: RedemptionView[] = rows.map((r) => {
    const age = r.status === 'pending' ? (now.getTime() - Date.parse(r.requestedAt)) / DAY_MS : null;
    const median = medians.get(r.casinoId) ?? null;
    return {
      id: r.id,
      customerId: r.customerId,
      customerName: r.customerName,
      casinoId: r.casinoId,
      casinoName: r.casinoName,
      status: r.status,
      requestedAt: r.requestedAt,
      requestedDay: officeDay(r.requestedAt),
      officeToday,
      requestedBy: r.requestedBy,
      unplayedCoins: formatHundredths(r.unplayedCoins),
      playedCoins: formatHundredths(r.playedCoins),
      expectedUsd: formatHundredths(r.expectedUsd),
      note: r.note,
      receivedAt: r.receivedAt,
      usdReceived: r.usdReceived === null ? null : formatHundredths(r.usdReceived),
      finishedAt: r.finishedAt,
      finishedBy: [r.finishedFirst, r.finishedLast].filter(Boolean).join(' ') || r.finishedByEmail,
      finishNote: r.finishNote,
      ageDays: age === null ? null : Math.floor(age),
      overdue: isOverdue(age, median),
      requestTransactionId: r.requestTransactionId,
      receiptTransactionId: r.receiptTransactionId,
      reversalTransactionId: r.reversalTransactionId,
    };
  });
  // inTransit: USD expected from every pending redemption under the customer and casino filters.
  return { redemptions, totalCount: Number(count.n), inTransitUsd: transit.usd, inTransitCount: transit.count };
}

export async function getRedemption(db: Db, id: number, timeZone: string, now = new Date()): Promise<RedemptionView> {
  const [found] = (await listRedemptions(db, { id, limit: 1 }, timeZone, now)).redemptions;
  if (!found) throw notFound('Redemption not found');
  return found;
}

/** USD expected from pending redemptions, and how many (the Dashboard card, the page's total). */
export async function inTransit(db: Db, f: { customerId?: number; casinoId?: number } = {}) {
  const row = await filtered(db, { ...f, status: 'pending' })
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('r.expectedUsd'), eb.val(0)).as('usd')])
    .executeTakeFirstOrThrow();
  return { usd: formatHundredths(Number(row.usd)), count: Number(row.n) };
}

/** `inTransit`'s USD (hundredths) per link under the filters, keyed `customerId:casinoId` (the customer and casino pages). */
export async function inTransitByLink(db: Db, f: { customerId?: number; casinoId?: number }): Promise<Map<string, number>> {
  const rows = await filtered(db, { ...f, status: 'pending' })
    .select((eb) => ['r.customerId', 'r.casinoId', eb.fn.sum<number>('r.expectedUsd').as('usd')])
    .groupBy(['r.customerId', 'r.casinoId'])
    .execute();
  return new Map(rows.map((r) => [`${r.customerId}:${r.casinoId}`, Number(r.usd)]));
}

/**
 * Per casino: pending now; received and rejected over the last 180 days, with the days to pay; `since`
 * is the window's first day (YYYY-MM-DD, office time zone).
 */
export async function payoutReport(db: Db, timeZone: string, casinoId?: number, now = new Date()) {
  const since = new Date(now.getTime() - PAYOUT_WINDOW_DAYS * DAY_MS).toISOString();
  let q = db
    .selectFrom('redemptions as r')
    .innerJoin('casinos as k', 'k.id', 'r.casinoId')
    .select((eb) => [
      'r.casinoId',
      'k.name as casinoName',
      countWhere(eb, eb('r.status', '=', 'pending')).as('pendingCount'),
      eb.fn.sum<number>(eb.case().when('r.status', '=', 'pending').then(eb.ref('r.expectedUsd')).else(0).end()).as('pendingUsd'),
      countWhere(eb, eb.and([eb('r.status', '=', 'rejected'), eb('r.finishedAt', '>=', since)])).as('rejectedCount'),
      countWhere(eb, eb.and([eb('r.status', '=', 'received'), eb('r.receivedAt', '>=', since)])).as('receivedCount'),
    ])
    .groupBy(['r.casinoId', 'k.name'])
    .orderBy('k.name');
  if (casinoId !== undefined) q = q.where('r.casinoId', '=', casinoId);
  const [rows, days] = await Promise.all([q.execute(), daysToPay(db, now, casinoId === undefined ? undefined : [casinoId])]);
  const result: PayoutRow[] = rows.map((r) => {
    const list = days.get(r.casinoId) ?? [];
    return {
      casinoId: r.casinoId,
      casinoName: r.casinoName,
      pendingCount: Number(r.pendingCount),
      pendingUsd: formatHundredths(Number(r.pendingUsd)),
      receivedCount: Number(r.receivedCount),
      medianDays: round1(quantile(list, 0.5)),
      p90Days: round1(quantile(list, 0.9)),
      rejectedCount: Number(r.rejectedCount),
    };
  });
  return { rows: result, since: localDay(since, timeZone) };
}
