import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { tempDir } from '../testing/test-db';
import { aliceAtLucky, TEST_PASSWORD, type TestServer, type TestUser } from '../testing/test-server';
import { registerSecurityHeaders } from './security-headers';
import { registerStatic } from './static';

// No browser or proxy keeps a copy of an API answer: balances, names, the sign-in's token.
let s: TestServer;
let staff: TestUser;
beforeAll(async () => {
  ({ s, staff } = await aliceAtLucky());
});
afterAll(() => s.stop());

describe('Cache-Control on the API', () => {
  it('is no-store on REST answers with money, on errors and on the sign-in carrying the token', async () => {
    const history = await s.app.inject({ method: 'GET', url: '/api/transactions?limit=5', headers: staff.auth });
    expect(history.statusCode).toBe(200);
    expect(history.headers['cache-control']).toBe('no-store');
    const report = await s.app.inject({ method: 'GET', url: '/api/customer-casinos', headers: staff.auth });
    expect(report.statusCode).toBe(200);
    expect(report.headers['cache-control']).toBe('no-store');

    const login = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: staff.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');

    const refused = await s.app.inject({ method: 'GET', url: '/api/customers' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on tRPC answers, the sign-in included', async () => {
    const list = await s.app.inject({ method: 'GET', url: '/trpc/customerCasinos.list', headers: staff.auth });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const login = await s.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it("leaves the web app's files to their own caching", async () => {
    const root = tempDir('ledger-static-');
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Coin Ledger</title>');
    fs.writeFileSync(path.join(root, 'assets', 'app-1a2b.js'), 'export {};');
    const app = Fastify();
    registerSecurityHeaders(app);
    const servePage = await registerStatic(app, root);
    app.setNotFoundHandler((req, reply) => servePage(reply, req.url.split('?')[0]));
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A client route whose name starts like the API's is still the web app's page.
      const page = await app.inject({ method: 'GET', url: '/apiary' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
    }
  });
});
