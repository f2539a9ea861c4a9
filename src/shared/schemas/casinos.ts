import { z } from 'zod';
import { DEFAULT_SC_RATIO } from '../constants';
import { parseWholeNumber } from '../money';
import { flag, id, idNumber, recordName as name, recordVersion } from './common';

const website = z
  .string({ error: 'Invalid URL' })
  .trim()
  .max(2000, { error: 'Invalid URL' })
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, { error: 'Invalid URL' })
  .nullish()
  .transform((v) => (v ? v : null));
const SC_RATIO_MESSAGE = 'SC ratio must be a positive whole number';
/** SC per $1: typed digits only (no decimals, signs, exponents or spaces), at least 1. */
const scRatio = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([z.string(), z.number()], { error: SC_RATIO_MESSAGE }).transform((value, ctx) => {
    const parsed = parseWholeNumber(value);
    if (!parsed.ok || parsed.value < 1) {
      ctx.addIssue({ code: 'custom', message: SC_RATIO_MESSAGE });
      return z.NEVER;
    }
    if (parsed.value > 1_000_000_000) {
      ctx.addIssue({ code: 'custom', message: 'SC ratio is too large' });
      return z.NEVER;
    }
    return parsed.value;
  }),
);

export const createCasinoInput = z.strictObject({
  name,
  website,
  isActive: flag.optional().default(true),
  scRatio: scRatio.optional().default(DEFAULT_SC_RATIO),
});

export const updateCasinoInput = z
  .strictObject({
    id,
    name: name.optional(),
    website: website.optional(),
    isActive: flag.optional(),
    scRatio: scRatio.optional(),
    version: recordVersion,
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'id' && k !== 'version' && v[k as keyof typeof v] !== undefined), {
    error: 'Nothing to update',
    path: ['name'],
  });

export const casinoView = z.object({
  id: idNumber,
  name: z.string(),
  website: z.string().nullable(),
  isActive: z.boolean(),
  scRatio: z.number().int().positive(),
  createdAt: z.string(),
  /** Grows with each change; an edit sends it back (decision 151). */
  version: z.number().int().positive(),
});
export type CasinoView = z.infer<typeof casinoView>;
