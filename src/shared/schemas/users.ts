import { z } from 'zod';
import { ROLES } from '../constants';
import { emailField, id, idNumber, newPassword, optionalText } from './common';

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

export const userView = z.object({
  id: idNumber,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type UserView = z.infer<typeof userView>;

/** A row of the Users screen: the user, whether they may sign in, and whether their second step is on. */
export const userListRow = userView.extend({ isActive: z.boolean(), twoFactorEnabled: z.boolean() });
export type UserListRow = z.infer<typeof userListRow>;

/** Where a reset link went: mailed, or written to the server's outbox when no mail server is set up. */
export const resetLinkSentView = z.object({ sentTo: z.enum(['email', 'outbox']), message: z.string() });
