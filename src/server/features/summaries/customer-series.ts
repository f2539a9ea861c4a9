import type { z } from 'zod';
import { dayStartUtc, localDays, nextDay, previousDay } from '../../../shared/dates';
import { highScUsdHundredths } from '../../../shared/ledger';
import { formatHundredths } from '../../../shared/money';
import type { customerSeriesInput, SeriesPoint } from '../../../shared/schemas/summaries';
import type { Db } from '../../db/types';
import { notFound } from '../../errors/domain-errors';
import { balancesAsOf } from '../customer-casinos/customer-casinos.repository';

/** The first day of each period from `start` to `end` (a day each, or seven). */
function periodStarts(start: string, end: string, step: 'day' | 'week'): string[] {
  const starts: string[] = [];
  for (let d = start, i = 0; d <= end; d = nextDay(d), i += 1) if (step === 'day' || i % 7 === 0) starts.push(d);
  return starts;
}

/**
 * The customer page's chart: per day or week of the range (office days), the USD value of every link's
 * balance at the period's end (as High SC values a balance) and the period's USD out and in. Balances
 * start from each pair's balance before the range (`balancesAsOf`) and follow the customer's entries in it.
 */
export async function customerSeries(db: Db, input: z.output<typeof customerSeriesInput>, timeZone: string): Promise<SeriesPoint[]> {
  const customer = await db.selectFrom('customers').select('id').where('id', '=', input.id).executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  const opening = await balancesAsOf(db, previousDay(input.startDate), timeZone).where('l.customerId', '=', input.id).execute();
  const balance = new Map(opening.map((r) => [r.casinoId, { u: r.u, p: r.p }]));
  const entries = await db
    .selectFrom('transactions')
    .select(['casinoId', 'date', 'unplayedCoinsAfter', 'playedCoinsAfter', 'usdChange'])
    .where('customerId', '=', input.id)
    .where('date', '>=', dayStartUtc(input.startDate, timeZone))
    .where('date', '<', dayStartUtc(nextDay(input.endDate), timeZone))
    .orderBy('date')
    .orderBy('id')
    .execute();
  const dayOf = localDays(timeZone);
  const starts = periodStarts(input.startDate, input.endDate, input.step);
  const points: SeriesPoint[] = [];
  let next = 0;
  for (let i = 0; i < starts.length; i += 1) {
    const end = starts[i + 1] ?? nextDay(input.endDate);
    let purchases = 0;
    let redemptions = 0;
    for (; next < entries.length && dayOf(entries[next].date) < end; next += 1) {
      const e = entries[next];
      balance.set(e.casinoId, { u: e.unplayedCoinsAfter, p: e.playedCoinsAfter });
      if (e.usdChange < 0) purchases += e.usdChange;
      else redemptions += e.usdChange;
    }
    const usdValue = [...balance.values()].reduce((s, b) => s + highScUsdHundredths(b.u, b.p), 0);
    points.push({
      day: starts[i],
      usdValue: formatHundredths(usdValue),
      purchasesUsd: formatHundredths(purchases),
      redemptionsUsd: formatHundredths(redemptions),
      netUsd: formatHundredths(purchases + redemptions),
    });
  }
  return points;
}
