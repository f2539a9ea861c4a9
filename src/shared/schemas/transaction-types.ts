import { z } from 'zod';
import { id, nameField, requiredId } from './common';

const name = nameField('Name required', 100);

export const listTypesInput = z.strictObject({ casinoId: id.optional() }).optional();
export const createTypeInput = z.strictObject({ name, casinoId: requiredId('Select a casino to create type') });
export const renameTypeInput = z.strictObject({ id, name });
export const typeIdInput = z.strictObject({ id });

export interface TransactionTypeView {
  id: number;
  name: string;
  casinoId: number;
}
