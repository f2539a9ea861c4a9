import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceAtLucky, type TestServer, type TestUser } from '../testing/test-server';

// The web app's tRPC answers go out compressed when the browser asks; scripts that do not ask get them plain.
let s: TestServer;
let staff: TestUser;
beforeAll(async () => {
  ({ s, staff } = await aliceAtLucky());
});
afterAll(() => s.stop());

// A batch of eight reads of the links: over the 1 KB below which answers go out as they are.
const BATCH = `/trpc/${Array(8).fill('customerCasinos.list').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
const get = (url: string, encoding?: string) =>
  s.app.inject({ method: 'GET', url, headers: { ...staff.auth, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('compressed tRPC answers', () => {
  it('sends brotli or gzip of the same JSON to a browser that accepts it, and the JSON itself otherwise', async () => {
    const plain = await get(BATCH);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.json<{ result: { data: unknown[] } }[]>();
    expect(answer).toHaveLength(8);
    expect(answer[0].result.data).toEqual([
      { customerId: 1, casinoId: 1, status: 'active', currentUnplayedCoins: '0.00', currentPlayedCoins: '0.00', version: 1 },
    ]);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get(BATCH, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(answer);

    const gz = await get(BATCH, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(answer);
  });

  it("keeps an error answer's status and message, and sends a small answer as it is", async () => {
    const refused = await s.app.inject({ method: 'GET', url: '/trpc/customerCasinos.list', headers: { 'accept-encoding': 'br' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<{ error: { message: string } }>().error.message).toEqual(expect.any(String));

    const one = await get('/trpc/auth.user', 'br');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.json<{ result: { data: { email: string } } }>().result.data.email).toBe(staff.email);
  });
});
