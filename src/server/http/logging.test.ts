import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../features/auth/passwords';
import { insertUser } from '../features/users/users.repository';
import { createServer, type AppServer } from '../server';
import { createTestDatabase, tempDir, testConfig } from '../testing/test-db';

let server: AppServer | undefined;
afterEach(() => server?.stop());

describe('request logs', () => {
  it('carry request ids and never a password, a bearer token or a reset token from a URL', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const database = await createTestDatabase();
    await insertUser(database.db, {
      email: 'log@example.com',
      passwordHash: await hashPassword('Secret123'),
      firstName: null,
      lastName: null,
      role: 'admin',
    });
    server = await createServer({
      config: testConfig({ logLevel: 'info' }),
      database,
      dataDir: tempDir(),
      logger: { stream },
      announce: () => {},
    });
    const { app } = server;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'log@example.com', password: 'Secret123' },
    });
    const { token } = login.json<{ token: string }>();
    await app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'log@example.com', password: 'Wrong-Secret-9' } });
    await app.inject({ url: '/reset-password?token=SuperSecretResetToken123' });

    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } });
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines.filter((l) => l.req).every((l) => typeof l.reqId === 'string')).toBe(true);
    expect(lines.some((l) => l.req?.url === '/reset-password?token=[redacted]')).toBe(true);
    for (const secret of ['Secret123', 'Wrong-Secret-9', token, token.split('.')[2], 'SuperSecretResetToken123']) {
      expect(text).not.toContain(secret);
    }
  });
});
