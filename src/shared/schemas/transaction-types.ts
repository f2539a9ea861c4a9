import { z } from 'zod';
import { TYPE_NAME_MAX } from '../value-rules';
import { id, idNumber, nameField, recordVersion, requiredId } from './common';

const name = nameField('Name required', TYPE_NAME_MAX);

export const listTypesInput = z.strictObject({ casinoId: id.optional() }).optional();
export const createTypeInput = z.strictObject({ name, casinoId: requiredId('Select a casino to create type') });
export const renameTypeInput = z.strictObject({ id, name, version: recordVersion });
export const typeIdInput = z.strictObject({ id });
/** Copy every type of one casino to another (`id`, the casino that receives them). */
export const copyTypesInput = z.strictObject({
  id: requiredId('Choose the casino that gets the types'),
  fromCasinoId: requiredId('Choose a casino to copy from'),
});

export const transactionTypeView = z.object({
  id: idNumber,
  name: z.string(),
  casinoId: idNumber,
  /** Grows with each change; an edit sends it back (decision 151). */
  version: z.number().int().positive(),
});
export type TransactionTypeView = z.infer<typeof transactionTypeView>;
/** Types copied to a casino, and how many it already had. */
export const copiedTypesView = z.object({ created: z.array(transactionTypeView), skipped: z.number().int() });
