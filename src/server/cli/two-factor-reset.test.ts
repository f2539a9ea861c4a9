import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../features/auth/passwords';
import { insertUser } from '../features/users/users.repository';
import { runCommand } from '../testing/run-command';
import { tempDir } from '../testing/test-db';

describe('npm run two-factor:reset -- EMAIL', () => {
  it('turns off the second step and ends the sessions of that user, with the server stopped', async () => {
    const file = path.join(tempDir(), 'app.db');
    const database = openDatabase(file);
    await migrateToLatest(database.db);
    const admin = await insertUser(database.db, {
      email: 'only.admin@example.com',
      passwordHash: await hashPassword('Passw0rd!'),
      firstName: 'Only',
      lastName: null,
      role: 'admin',
    });
    const stamp = new Date().toISOString();
    await database.db.updateTable('users').set({ twoFactorSecret: 'JBSWY3DPEHPK3PXP', twoFactorEnabledAt: stamp }).execute();
    await database.db
      .insertInto('sessions')
      .values({ userId: admin.id, createdAt: stamp, lastSeenAt: stamp, ip: '10.0.0.1', userAgent: 'x' })
      .execute();
    await database.db
      .insertInto('recoveryCodes')
      .values({ userId: admin.id, codeHash: 'a'.repeat(64), usedAt: null })
      .execute();
    await database.close();

    const missing = runCommand('two-factor-reset.ts', ['nobody@example.com'], { DATABASE_PATH: file });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No user with the email nobody@example.com');

    const res = runCommand('two-factor-reset.ts', ['ONLY.ADMIN@example.com'], { DATABASE_PATH: file });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('Two-step sign-in is off for ONLY.ADMIN@example.com');

    const after = openDatabase(file);
    try {
      expect(await after.db.selectFrom('users').select(['twoFactorSecret', 'twoFactorEnabledAt']).execute()).toEqual([
        { twoFactorSecret: null, twoFactorEnabledAt: null },
      ]);
      expect(await after.db.selectFrom('sessions').select('id').execute()).toEqual([]);
      expect(await after.db.selectFrom('recoveryCodes').select('id').execute()).toEqual([]);
      expect(await after.db.selectFrom('accessLog').select(['kind', 'detail']).execute()).toEqual([
        { kind: 'two-factor-disabled', detail: 'by the command line (two-factor:reset); 1 session ended' },
      ]);
    } finally {
      await after.close();
    }
  });
});
