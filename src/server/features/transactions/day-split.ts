import { dayStartUtc, nextDay } from '../../../shared/dates';
import type { TransactionFilters } from '../../../shared/schemas/transactions';

/** A half-open range of instants [from, to) as ISO strings; a missing end is unbounded. */
export interface Span {
  from?: string;
  to?: string;
}

/**
 * A filter's date range split for the per-day totals (decision 021): whole UTC days [fromDay, toDay)
 * that the totals answer, and the partial days at either end (a local day in a zone off UTC starts
 * mid-UTC-day) that are read from the transactions' date index. `days` is null when the range holds no
 * whole UTC day.
 */
export interface DaySplit {
  days: { fromDay?: string; toDay?: string } | null;
  edges: Span[];
}

const MIDNIGHT = 'T00:00:00.000Z';

export function spanOf(f: Pick<TransactionFilters, 'startDate' | 'endDate'>, timeZone: string): Span {
  return {
    from: f.startDate ? dayStartUtc(f.startDate, timeZone) : undefined,
    to: f.endDate ? dayStartUtc(nextDay(f.endDate), timeZone) : undefined,
  };
}

export function splitByDays(span: Span): DaySplit {
  const fromDay =
    span.from === undefined ? undefined : span.from.endsWith(MIDNIGHT) ? span.from.slice(0, 10) : nextDay(span.from.slice(0, 10));
  const toDay = span.to?.slice(0, 10);
  if (fromDay !== undefined && toDay !== undefined && fromDay >= toDay) return { days: null, edges: [span] };
  const edges: Span[] = [];
  if (span.from !== undefined && fromDay !== undefined && !span.from.endsWith(MIDNIGHT))
    edges.push({ from: span.from, to: fromDay + MIDNIGHT });
  if (span.to !== undefined && toDay !== undefined && !span.to.endsWith(MIDNIGHT)) edges.push({ from: toDay + MIDNIGHT, to: span.to });
  return { days: { fromDay, toDay }, edges };
}
