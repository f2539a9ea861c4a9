import { z } from 'zod';
import { parseHundredths } from '../money';
import { passwordProblem } from '../password';
import { CONTROL_CHARACTER_MESSAGE, textProblem } from '../text';
import { DATE_RANGE_ERROR, instantProblem } from '../value-rules';
import { day, dayProblem, id, isOrderedRange, strictId, typeName } from './primitives';

export { DATE_RANGE_ERROR, instantProblem, day, dayProblem, id, isOrderedRange, typeName };

/** The login screen's simple email pattern: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The version of a record an edit was based on (decision 151): when it is no longer the record's, the
 * write is refused with 409. Left out, the write is not checked.
 */
export const recordVersion = strictId('Must be a positive whole number').optional();

/** Refuses control characters, and (with `blankMessage`) a text of invisible characters only. */
export const plainText =
  (blankMessage: string) =>
  (value: string | null | undefined, ctx: z.RefinementCtx): void => {
    const problem = value ? textProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'control' ? CONTROL_CHARACTER_MESSAGE : blankMessage });
  };

/** A required name: trimmed, 1 to `max` characters of visible text (`recordName` for customers and casinos). */
export const nameField = (requiredMessage: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `Name is too long: at most ${max} characters` })
    .superRefine(plainText(requiredMessage));

/** The name of a customer or a casino. */
export const recordName = nameField('Name is required', 200);

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: 'Email is too long' })
    .regex(EMAIL_PATTERN, { error: message })
    .superRefine(plainText(message));

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
    .superRefine(plainText('Must not be only invisible characters'))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The spec's "Must be a valid number", with help beside it for the two slips a comma makes (decision 114):
 * a decimal comma ("1,50") and thousands separators ("1,324.44"). The help only suggests; nothing typed
 * is repaired.
 */
export function invalidNumberMessage(value: unknown): string {
  if (typeof value === 'string') {
    if (/^-?\d+,\d{1,2}$/.test(value)) return `Must be a valid number: use a dot for decimals (${value.replace(',', '.')})`;
    if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(value)) {
      return `Must be a valid number: leave out the thousands separators (${value.replaceAll(',', '')})`;
    }
  }
  return 'Must be a valid number';
}

/** The largest amount, as people write it. */
export const AMOUNT_RANGE_MESSAGE = 'Must be between -1,000,000,000 and 1,000,000,000';

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
            ? AMOUNT_RANGE_MESSAGE
            : invalidNumberMessage(value);
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed.value;
  });

/** A whole number (from a query string too) of at least `min`. */
export const wholeNumber = (min: 0 | 1) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number' })
    .min(min, { error: min === 0 ? 'Must be 0 or more' : 'Must be at least 1' });

/** limit and offset of a paged list: whole numbers, limit from 1 to `max`, offset from 0. */
export const paging = (max: number) => ({
  limit: wholeNumber(1)
    .max(max, { error: `Must be at most ${max}` })
    .optional(),
  offset: wholeNumber(0).max(1e9).optional(),
});

/** A paged read's limit and offset after parsing (the type of `paging`'s fields). */
export type Paging = Partial<Record<keyof ReturnType<typeof paging>, number>>;

/** When a transaction happened: a real instant not in the future, stored as UTC (toISOString), so (date, id) sorts as text. */
export const occurredAt = z.string({ error: 'Must be a date and time' }).transform((value, ctx) => {
  const problem = instantProblem(value.trim());
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return new Date(value.trim()).toISOString();
});

/** The refinement the list and report schemas share: the message lands on endDate. */
export const orderedRange: [typeof isOrderedRange, { error: string; path: string[] }] = [
  isOrderedRange,
  { error: DATE_RANGE_ERROR, path: ['endDate'] },
];

export const ONE_TYPE_FILTER_ERROR = 'Filter by a type or by a type name, not both';
/** A filter names one type or one type name across casinos, never both. */
export const oneTypeFilter: [(v: { transactionTypeId?: number; typeName?: string }) => boolean, { error: string; path: string[] }] = [
  (v) => v.transactionTypeId === undefined || v.typeName === undefined,
  { error: ONE_TYPE_FILTER_ERROR, path: ['typeName'] },
];

/** An id chosen in a form: empty, missing or not a positive whole number gives `message`. */
export const requiredId = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), strictId(message));

/** A yes/no flag; accepts true/false and the strings "true"/"false" (query strings). */
export const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Must be true or false' }));

/**
 * Answers' shapes (decision 160): money and coins leave the server as decimal strings with two decimals
 * ("-20.00", "15000.00"), never floats; ids as positive whole numbers.
 */
export const decimalText = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'An amount written as a decimal string with two decimals', examples: ['1250.00', '-20.00'] });
export const idNumber = z.number().int().positive();
/** An answer that says what happened in words. */
export const messageView = z.object({ message: z.string() });
