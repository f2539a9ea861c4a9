import { TOTP } from 'otpauth';
import type { TestServer } from './test-server';
import { TEST_PASSWORD } from './test-server';

/** The current code of a base32 secret, as an authenticator app shows it (`at`: another moment). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

/** Signs in over REST from an address and a browser; answers the parsed response with its status. */
export async function signIn(s: TestServer, email: string, password = TEST_PASSWORD, ip = '10.0.0.1', userAgent = 'Firefox') {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

export const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });

/** The access log's kinds, oldest first, as the admin's list answers them (one user's when given). */
export async function accessKinds(s: TestServer, userId?: number): Promise<string[]> {
  let q = s.database.db.selectFrom('accessLog').select('kind').orderBy('id');
  if (userId !== undefined) q = q.where('userId', '=', userId);
  return (await q.execute()).map((r) => r.kind);
}

/** Turns the second step on for a signed-in user; answers the secret and the recovery codes. */
export async function enableTwoFactor(s: TestServer, auth: { authorization: string }) {
  const setup = await s.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: auth });
  const { secret } = setup.json<{ secret: string }>();
  const enable = await s.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: auth,
    payload: { code: totpCode(secret) },
  });
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
