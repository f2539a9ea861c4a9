import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { type Span, splitByDays } from './day-split';

export interface Totals {
  transactionCount: number;
  usdTotal: number;
}

const edgeRows = (db: Db, edge: Span) => {
  let q = db.selectFrom('transactions');
  if (edge.from !== undefined) q = q.where('transactions.date', '>=', edge.from);
  if (edge.to !== undefined) q = q.where('transactions.date', '<', edge.to);
  return q;
};

/** Count and USD sum of every transaction in `span`: whole UTC days from dayTotals, partial days from the date index. */
export async function totalsOverSpan(db: Db, span: Span): Promise<Totals> {
  const { days, edges } = splitByDays(span);
  const parts: Totals[] = [];
  if (days) {
    let q = db
      .selectFrom('dayTotals')
      .select([
        sql<number>`coalesce(sum("transactionCount"), 0)`.as('transactionCount'),
        sql<number>`coalesce(sum("usdTotal"), 0)`.as('usdTotal'),
      ]);
    if (days.fromDay !== undefined) q = q.where('day', '>=', days.fromDay);
    if (days.toDay !== undefined) q = q.where('day', '<', days.toDay);
    parts.push(await q.executeTakeFirstOrThrow());
  }
  for (const edge of edges) {
    parts.push(
      await edgeRows(db, edge)
        .select([sql<number>`count(*)`.as('transactionCount'), sql<number>`coalesce(sum("usdChange"), 0)`.as('usdTotal')])
        .executeTakeFirstOrThrow(),
    );
  }
  return parts.reduce(
    (a, b) => ({ transactionCount: a.transactionCount + Number(b.transactionCount), usdTotal: a.usdTotal + Number(b.usdTotal) }),
    {
      transactionCount: 0,
      usdTotal: 0,
    },
  );
}

type TypeRow = { transactionTypeId: number; transactionCount: number; usdTotal: number };

/** Per-type sums of dayTypeTotals over whole days [fromDay, toDay) (either end open), negated when `sign` is -1. */
async function dayTypeSums(db: Db, fromDay: string | undefined, toDay: string | undefined, sign: 1 | -1): Promise<TypeRow[]> {
  let q = db
    .selectFrom('dayTypeTotals')
    .select([
      'transactionTypeId',
      sql<number>`sum("transactionCount") * ${sign}`.as('transactionCount'),
      sql<number>`sum("usdTotal") * ${sign}`.as('usdTotal'),
    ])
    .groupBy('transactionTypeId');
  if (fromDay !== undefined) q = q.where('day', '>=', fromDay);
  if (toDay !== undefined) q = q.where('day', '<', toDay);
  return q.execute();
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * Per-type sums over whole days [fromDay, toDay): the days inside summed, or, when the range covers
 * most of the recorded days, the per-type totals minus the days outside it (fewer rows either way).
 */
async function wholeDayTypeSums(db: Db, fromDay: string | undefined, toDay: string | undefined): Promise<TypeRow[]> {
  const everything = () => db.selectFrom('typeTotals').select(['transactionTypeId', 'transactionCount', 'usdTotal']).execute();
  if (fromDay === undefined && toDay === undefined) return everything();
  const first = await db.selectFrom('dayTypeTotals').select('day').orderBy('day').limit(1).executeTakeFirst();
  const last = await db.selectFrom('dayTypeTotals').select('day').orderBy('day', 'desc').limit(1).executeTakeFirst();
  if (!first || !last) return [];
  const lo = dayNumber(first.day);
  const hi = dayNumber(last.day) + 1;
  const inside = Math.max(0, Math.min(hi, toDay ? dayNumber(toDay) : hi) - Math.max(lo, fromDay ? dayNumber(fromDay) : lo));
  if (inside <= (hi - lo) / 2) return dayTypeSums(db, fromDay, toDay, 1);
  const rows = await everything();
  if (fromDay !== undefined) rows.push(...(await dayTypeSums(db, undefined, fromDay, -1)));
  if (toDay !== undefined) rows.push(...(await dayTypeSums(db, toDay, undefined, -1)));
  return rows;
}

/** Count and USD sum per transaction type over `span` (types without transactions left out). */
export async function typeTotalsOverSpan(db: Db, span: Span): Promise<Map<number, Totals>> {
  const { days, edges } = splitByDays(span);
  const rows: TypeRow[] = days ? await wholeDayTypeSums(db, days.fromDay, days.toDay) : [];
  for (const edge of edges) {
    rows.push(
      ...(await edgeRows(db, edge)
        .select([
          'transactions.transactionTypeId',
          sql<number>`count(*)`.as('transactionCount'),
          sql<number>`sum("usdChange")`.as('usdTotal'),
        ])
        .groupBy('transactions.transactionTypeId')
        .execute()),
    );
  }
  const byType = new Map<number, Totals>();
  for (const r of rows) {
    const t = byType.get(r.transactionTypeId) ?? { transactionCount: 0, usdTotal: 0 };
    byType.set(r.transactionTypeId, {
      transactionCount: t.transactionCount + Number(r.transactionCount),
      usdTotal: t.usdTotal + Number(r.usdTotal),
    });
  }
  for (const [id, t] of byType) if (t.transactionCount === 0) byType.delete(id);
  return byType;
}
