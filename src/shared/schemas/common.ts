import { z } from 'zod';
import { parseHundredths } from '../money';
import { passwordProblem } from '../password';

/** The login screen's simple email pattern: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const id = z.coerce
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .positive({ error: 'Must be a positive number' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Too large' });

export const emailField = (message: string) =>
  z.string({ error: message }).trim().max(254, { error: 'Email is too long' }).regex(EMAIL_PATTERN, { error: message });

/** A password that satisfies the rules of spec section 5; the message is the first rule broken. */
export const newPassword = z
  .string({ error: 'Password is required' })
  .max(200, { error: 'Password is too long' })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An optional short text: trimmed, empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/** A number or numeric string with at most two decimals -> integer hundredths. */
export const hundredths = (requiredMessage: string) =>
  z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const parsed = parseHundredths(value);
    if (!parsed.ok) {
      const message =
        parsed.reason === 'precision'
          ? 'Must have at most 2 decimal places'
          : parsed.reason === 'range'
            ? 'Must be between -1000000000 and 1000000000'
            : 'Must be a valid number';
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed.value;
  });

/** YYYY-MM-DD, a real calendar day. */
export const day = z
  .string({ error: 'Must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Must be a date (YYYY-MM-DD)' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, { error: 'Must be a real date' });

export const DATE_RANGE_ERROR = 'End date is before start date';
/** A date filter's range is in order (either end may be open). Checked by the schemas and the screens alike. */
export const isOrderedRange = (v: { startDate?: string; endDate?: string }) => !(v.startDate && v.endDate && v.startDate > v.endDate);
/** The refinement the list and report schemas share: the message lands on endDate. */
export const orderedRange: [typeof isOrderedRange, { error: string; path: string[] }] = [isOrderedRange, { error: DATE_RANGE_ERROR, path: ['endDate'] }];

/** An id chosen in a form: empty, missing or not a positive whole number gives `message`. */
export const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(Number.MAX_SAFE_INTEGER, { error: message }),
  );

/** A yes/no flag; accepts true/false and the strings "true"/"false" (query strings). */
export const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'Must be true or false' }),
);
