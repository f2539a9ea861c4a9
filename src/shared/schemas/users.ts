import { z } from 'zod';
import { ROLES } from '../constants';
import { emailField, id, newPassword, optionalText } from './common';

export const role = z.enum(ROLES, { error: 'Role must be admin or staff' });

export const createUserInput = z.strictObject({
  email: emailField('Enter a valid email address'),
  password: newPassword,
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: role.optional().default('staff'),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const changeRoleInput = z.strictObject({ id, role });
export const userIdInput = z.strictObject({ id });
export const userStatusInput = z.strictObject({
  id,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export interface UserView {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: (typeof ROLES)[number];
}

/** A row of the Users screen: the user, whether they may sign in, and whether their second step is on. */
export interface UserListRow extends UserView {
  isActive: boolean;
  twoFactorEnabled: boolean;
}
