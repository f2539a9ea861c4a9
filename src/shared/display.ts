import { formatGrouped, toHundredths } from './money';

/**
 * The office's one way of writing dates and times on screens and in exports' text (decision 115):
 * "Nov 25, 2026" and "Nov 25, 2026, 2:05 PM", in US English whatever the browser's language, in the
 * given zone (the browser's when none is given; the server passes the office's TZ).
 *
 * In the browser's own zone the text is put together from the date's parts, as US English writes them
 * (its short month, the day, the year; the 12-hour clock): building an Intl formatter costs a phone a
 * few tens of milliseconds before the first screen (decision 228), the zone's parts cost nothing. A named
 * zone still goes through Intl, once per zone.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayText = (year: number, month: number, day: number) => `${MONTHS[month - 1]} ${day}, ${year}`;
/** "2:05 PM" from a 24-hour clock's hour and minute. */
export const clockText = (hour: number, minute: number) =>
  `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

/** An instant (ISO 8601) as "Nov 25, 2026, 2:05 PM" in the zone. */
export function formatInstant(iso: string, timeZone?: string): string {
  if (timeZone !== undefined) return format(timeZone).format(new Date(iso));
  const d = new Date(iso);
  return `${dayText(d.getFullYear(), d.getMonth() + 1, d.getDate())}, ${clockText(d.getHours(), d.getMinutes())}`;
}

/** Each zone's YYYY-MM-DD formatter, made once: building one costs more than a whole grid's dates. */
const dayKeys = new Map<string, Intl.DateTimeFormat>();
function dayKey(timeZone: string): Intl.DateTimeFormat {
  let f = dayKeys.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayKeys.set(timeZone, f);
  }
  return f;
}

/** The calendar day of an instant as "Nov 25, 2026" in the zone. */
export function formatInstantDay(iso: string, timeZone?: string): string {
  if (timeZone !== undefined) return formatDay(dayKey(timeZone).format(new Date(iso)));
  const d = new Date(iso);
  return dayText(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

/** An office day (YYYY-MM-DD) as "Nov 25, 2026"; anything else is returned as it came. */
export function formatDay(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const real = new Date(Date.UTC(year, month - 1, date));
  return real.getUTCMonth() === month - 1 && real.getUTCDate() === date ? dayText(year, month, date) : day;
}

/** A count with thousands separators: 6683 -> "6,683" (a fraction, rare, as US English writes it). */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

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
