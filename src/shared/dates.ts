/** A calendar day of 24 hours in milliseconds (UTC days; office days come from the zone, below). */
export const DAY_MS = 86_400_000;

/**
 * The days the ledger reads and books: from 1970 (instants before it are refused too) to the end of 2100.
 * Outside them the arithmetic below misleads: Date.UTC reads years 0 to 99 as 1900 to 1999, and the day
 * after 9999-12-31 is not a YYYY-MM-DD day. The shared `day` schema refuses any other day.
 */
export const FIRST_DAY = '1970-01-01';
export const LAST_DAY = '2100-12-31';
export const DAY_RANGE_MESSAGE = `Must be between ${FIRST_DAY} and ${LAST_DAY}`;

/**
 * One formatter per zone and kind, made once: building an Intl.DateTimeFormat costs far more than using it,
 * and every date filter, day split and chart asks for several.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'parts' | 'day', tz: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${tz ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'parts'
        ? new Intl.DateTimeFormat('en-US', {
            timeZone: tz,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          })
        : new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, f);
  }
  return f;
}

/** Offset of `tz` from UTC at instant `ms`, in milliseconds (local - UTC). */
export function offsetMs(ms: number, tz: string): number {
  const parts = formatter('parts', tz).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant (ISO string) at which day YYYY-MM-DD begins in time zone `tz`. */
export function dayStartUtc(day: string, tz: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  let ms = guess - offsetMs(guess, tz);
  const second = offsetMs(ms, tz);
  if (guess - second !== ms) ms = guess - second;
  return new Date(ms).toISOString();
}

/** The day after YYYY-MM-DD (for inclusive end dates). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** YYYY-MM-DD of an instant in time zone `tz` (the browser's when omitted). */
export function localDay(date: Date | string, tz?: string): string {
  return formatter('day', tz).format(new Date(date));
}

/**
 * `localDay` for many instants in one zone: one formatter, and the day cached per UTC hour (an offset
 * only changes on the hour), for lists and rebuilds.
 */
export function localDays(tz: string): (date: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  const byHour = new Map<string, string>();
  return (date) => {
    const hour = new Date(date).toISOString().slice(0, 13);
    let day = byHour.get(hour);
    if (day === undefined) byHour.set(hour, (day = format.format(new Date(date))));
    return day;
  };
}

/** The day before YYYY-MM-DD. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
