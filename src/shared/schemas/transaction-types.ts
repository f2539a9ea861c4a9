import { z } from 'zod';
import { id, requiredId } from './common';

const name = z.string({ error: 'Name required' }).trim().min(1, { error: 'Name required' }).max(100, { error: 'Name is too long' });

export const listTypesInput = z.strictObject({ casinoId: id.optional() }).optional();
export const createTypeInput = z.strictObject({ name, casinoId: requiredId('Select a casino to create type') });
export type CreateTypeInput = z.input<typeof createTypeInput>;
export const renameTypeInput = z.strictObject({ id, name });
export const typeIdInput = z.strictObject({ id });

export interface TransactionTypeView {
  id: number;
  name: string;
  casinoId: number;
}
