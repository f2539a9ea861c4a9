import { DAY_RANGE_MESSAGE, FIRST_DAY, LAST_DAY } from './dates';

// The rules of the values a URL's search and the API share (ids, days, type names, a date range's order),
// as plain functions: the web app checks every screen's URL at start-up, and builds no zod schema until a
// form needs one (decision 223). The zod schemas of schemas/primitives.ts wrap these; this is their one place.

/** Positive whole numbers written in decimal digits: "1e0", "0x10", "01", " 1" are not ids. */
const DECIMAL_ID = /^[1-9][0-9]*$/;

/**
 * An id: a JSON number that is a positive safe integer, or the same written in decimal digits (path and
 * query strings), or null. Booleans, arrays, exponents and hex are refused, never coerced.
 */
export function idValue(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_ID.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Why a YYYY-MM-DD text is not a day the ledger reads, or null: its layout, the calendar, then the range. */
export function dayProblem(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Must be a date (YYYY-MM-DD)';
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return 'Must be a real date';
  if (value < FIRST_DAY || value > LAST_DAY) return DAY_RANGE_MESSAGE;
  return null;
}

export const DATE_RANGE_ERROR = 'End date is before start date';
/** A date filter's range is in order (either end may be open). Checked by the schemas and the screens alike. */
export const isOrderedRange = (v: { startDate?: string; endDate?: string }) => !(v.startDate && v.endDate && v.startDate > v.endDate);

/** A type's name (the types' own rule, and a filter over every casino's types of that name) is at most this long. */
export const TYPE_NAME_MAX = 100;

/** A type name as a filter, trimmed, or null when it is empty or too long. */
export function typeNameValue(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text.length >= 1 && text.length <= TYPE_NAME_MAX ? text : null;
}

/** How far past the server's clock a given date may lie (clocks of two machines differ a little). */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** An instant written in ISO 8601 with a time and a zone: 2026-11-20T14:05Z, ...T14:05:30.250+01:00. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** Why an instant is refused, or null: a real date and time, from 1970, not in the future beyond the skew. */
export function instantProblem(value: string, now = Date.now()): string | null {
  const m = INSTANT.exec(value);
  if (!m) return 'Must be a date and time (ISO 8601 with a time zone)';
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((part) => Number(part ?? 0));
  const calendar = new Date(Date.UTC(y, mo - 1, d));
  if (calendar.getUTCMonth() !== mo - 1 || calendar.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return 'Must be a real date';
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || y < 1970) return 'Must be a real date';
  if (ms > now + FUTURE_SKEW_MS) return 'Must not be in the future';
  return null;
}
