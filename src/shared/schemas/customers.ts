import { z } from 'zod';
import { EMAIL_PATTERN, flag, id, idNumber, plainText, recordName as name, recordVersion } from './common';

const email = z
  .string({ error: 'Invalid email' })
  .trim()
  .max(254, { error: 'Invalid email' })
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: 'Invalid email' })
  .superRefine(plainText('Invalid email'))
  .nullish()
  .transform((v) => (v ? v : null));

export const createCustomerInput = z.strictObject({ name, email });

/** PATCH takes {name, email} or {isActive}, or any of them together. */
export const updateCustomerInput = z
  .strictObject({ id, name: name.optional(), email: email.optional(), isActive: flag.optional(), version: recordVersion })
  .refine((v) => v.name !== undefined || v.email !== undefined || v.isActive !== undefined, {
    error: 'Nothing to update',
    path: ['name'],
  });

export const customerView = z.object({
  id: idNumber,
  name: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Grows with each change; an edit sends it back (decision 151). */
  version: z.number().int().positive(),
});
export type CustomerView = z.infer<typeof customerView>;
