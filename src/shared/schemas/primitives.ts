import { z } from 'zod';
import { DAY_RANGE_MESSAGE, FIRST_DAY, LAST_DAY } from '../dates';

// The rules a URL's search is checked by (ids, days, type names, a date range's order), alone: the web
// app checks every screen's URL at start-up, and importing common.ts for these would build every shared
// schema then (decision 198). common.ts re-exports them; this is their one place.

/** Positive whole numbers written in decimal digits: "1e0", "0x10", "01", " 1" are not ids. */
const DECIMAL_ID = /^[1-9][0-9]*$/;

/**
 * An id: a JSON number that is a positive safe integer, or the same written in decimal digits (path and
 * query strings). Booleans, arrays, exponents and hex are refused, never coerced.
 */
export const strictId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : DECIMAL_ID.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const id = strictId('Must be a positive whole number');

/** Why a YYYY-MM-DD text is not a day the ledger reads, or null: its layout, the calendar, then the range. */
export function dayProblem(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Must be a date (YYYY-MM-DD)';
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return 'Must be a real date';
  if (value < FIRST_DAY || value > LAST_DAY) return DAY_RANGE_MESSAGE;
  return null;
}

/** YYYY-MM-DD, a real calendar day from 1970-01-01 to 2100-12-31 (every day any input reads: dates.ts). */
export const day = z.string({ error: 'Must be a date (YYYY-MM-DD)' }).superRefine((value, ctx) => {
  const problem = dayProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A date filter's range is in order (either end may be open). Checked by the schemas and the screens alike. */
export const isOrderedRange = (v: { startDate?: string; endDate?: string }) => !(v.startDate && v.endDate && v.startDate > v.endDate);

/** A type's name as a filter over every casino (the types' own rule: at most 100 characters). */
export const typeName = z
  .string({ error: 'Type name must be text' })
  .trim()
  .min(1, { error: 'Type name is empty: leave it out for every type' })
  .max(100, { error: 'Type name is at most 100 characters' });
