import { z } from 'zod';
import { type SortText, sortTexts } from '../sorting';
import { dayProblem, idValue, isOrderedRange, TYPE_NAME_MAX } from '../value-rules';

// The zod schemas of the values a URL's search and the API share. Their rules are value-rules.ts's
// functions (the web app checks URLs with those alone, decision 223); common.ts re-exports these.
export { dayProblem, isOrderedRange };

/**
 * An id: a JSON number that is a positive safe integer, or the same written in decimal digits (path and
 * query strings). Booleans, arrays, exponents and hex are refused, never coerced (value-rules.ts).
 */
export const strictId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = idValue(value);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const id = strictId('Must be a positive whole number');

/** YYYY-MM-DD, a real calendar day from 1970-01-01 to 2100-12-31 (every day any input reads: dates.ts). */
export const day = z.string({ error: 'Must be a date (YYYY-MM-DD)' }).superRefine((value, ctx) => {
  const problem = dayProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A type's name as a filter over every casino (the types' own rule: at most 100 characters; value-rules.ts). */
export const typeName = z
  .string({ error: 'Type name must be text' })
  .trim()
  .min(1, { error: 'Type name is empty: leave it out for every type' })
  .max(TYPE_NAME_MAX, { error: `Type name is at most ${TYPE_NAME_MAX} characters` });

/** The zod schema of a `sort` parameter: one of the whitelist's columns, "-" in front for descending. */
export function sortSchema<C extends string>(columns: readonly [C, ...C[]]) {
  const texts = sortTexts(columns);
  return z.enum(texts as [SortText<C>, ...SortText<C>[]], { error: `Must be one of: ${texts.join(', ')}` });
}
