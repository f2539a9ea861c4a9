import { formatGrouped, toHundredths } from './money';

/**
 * The office's one way of writing dates and times on screens and in exports' text (decision 115):
 * "Nov 25, 2026" and "Nov 25, 2026, 2:05 PM", in US English whatever the browser's language, in the
 * given zone (the browser's when none is given; the server passes the office's TZ).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: 'day' | 'instant', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: kind === 'day' ? 'UTC' : timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(kind === 'instant' ? { hour: 'numeric', minute: '2-digit' } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** An instant (ISO 8601) as "Nov 25, 2026, 2:05 PM" in the zone. */
export const formatInstant = (iso: string, timeZone?: string) => format('instant', timeZone).format(new Date(iso));

/** Each zone's YYYY-MM-DD formatter, made once: building one costs more than a whole grid's dates. */
const dayKeys = new Map<string, Intl.DateTimeFormat>();
function dayKey(timeZone: string | undefined): Intl.DateTimeFormat {
  let f = dayKeys.get(timeZone ?? '');
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayKeys.set(timeZone ?? '', f);
  }
  return f;
}

/** The calendar day of an instant as "Nov 25, 2026" in the zone. */
export const formatInstantDay = (iso: string, timeZone?: string) => formatDay(dayKey(timeZone).format(new Date(iso)));

/** An office day (YYYY-MM-DD) as "Nov 25, 2026"; anything else is returned as it came. */
export const formatDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? format('day', undefined).format(new Date(`${day}T12:00:00Z`)) : day;

const counts = new Intl.NumberFormat('en-US');
/** A count with thousands separators: 6683 -> "6,683". */
export const formatCount = (n: number) => counts.format(n);

/** A USD amount with "$" and separators: "-1,250.00" -> "-$1,250.00". */
export function formatUsd(decimal: string): string {
  const h = toHundredths(decimal);
  const text = formatGrouped(Math.abs(h));
  return h < 0 ? `-$${text}` : `$${text}`;
}

/** Signed USD with "$": "+$1,012.50" / "-$3.00" (Profitability's totals). */
export function formatSignedUsd(decimal: string): string {
  const h = toHundredths(decimal);
  return h < 0 ? formatUsd(decimal) : `+${formatUsd(decimal)}`;
}
