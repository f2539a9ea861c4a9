import { z } from 'zod';
import { DEFAULT_SC_RATIO } from '../constants';
import { flag, id, nameField } from './common';

const name = nameField('Name is required', 200);
const website = z
  .string({ error: 'Invalid URL' })
  .trim()
  .max(2000, { error: 'Invalid URL' })
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, { error: 'Invalid URL' })
  .nullish()
  .transform((v) => (v ? v : null));
const scRatio = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: 'SC ratio must be a positive whole number' })
    .int({ error: 'SC ratio must be a positive whole number' })
    .positive({ error: 'SC ratio must be a positive whole number' })
    .max(1_000_000_000, { error: 'SC ratio is too large' }),
);

export const createCasinoInput = z.strictObject({
  name,
  website,
  isActive: flag.optional().default(true),
  scRatio: scRatio.optional().default(DEFAULT_SC_RATIO),
});
export type CreateCasinoInput = z.input<typeof createCasinoInput>;

export const updateCasinoInput = z
  .strictObject({ id, name: name.optional(), website: website.optional(), isActive: flag.optional(), scRatio: scRatio.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== 'id' && v[k as keyof typeof v] !== undefined), {
    error: 'Nothing to update',
    path: ['name'],
  });
export type UpdateCasinoInput = z.input<typeof updateCasinoInput>;

export interface CasinoView {
  id: number;
  name: string;
  website: string | null;
  isActive: boolean;
  scRatio: number;
  createdAt: string;
}
