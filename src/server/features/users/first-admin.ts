import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { passwordProblem } from '../../../shared/password';
import { hashPassword } from '../auth/passwords';
import { countUsers, insertUser } from './users.repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Creates the first admin when there is no user at all. Without ADMIN_PASSWORD a random password
 * is generated and handed to `announce` (printed once on the console, never logged).
 */
export async function ensureFirstAdmin(db: Db, config: Config, announce: (text: string) => void): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  let password = config.adminPassword;
  if (password) {
    const problem = passwordProblem(password);
    if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  } else {
    password = `${crypto.randomBytes(12).toString('base64url')}Aa7`;
  }
  await insertUser(db, { email, passwordHash: await hashPassword(password), firstName: 'Admin', lastName: null, role: 'admin' });
  announce(
    config.adminPassword
      ? `First admin created: ${email} (password from ADMIN_PASSWORD)`
      : [
          '',
          '================================================================',
          ' First admin created. Sign in with:',
          `   email:    ${email}`,
          `   password: ${password}`,
          ' This password is shown only once. Change it via a reset link.',
          '================================================================',
          '',
        ].join('\n'),
  );
}
