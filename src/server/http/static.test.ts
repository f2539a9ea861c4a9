import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-db';
import { registerStatic } from './static';

// The build writes .br and .gz beside each file; the server sends the one the browser accepts.
const SCRIPT = 'export const answer = 42;\n'.repeat(100);
const PAGE = `<!doctype html><title>Coin Ledger</title>${'<p>ledger</p>'.repeat(100)}`;
const SCREENS_PAGE = PAGE.replace('</title>', '</title><link rel="modulepreload" href="/assets/shared-1a2b.js">');
const DASHBOARD_PAGE = SCREENS_PAGE.replace('</title>', '</title><link rel="modulepreload" href="/assets/dashboard-1a2b.js">');
const START_PAGE = SCREENS_PAGE.replace('</title>', '</title><link rel="modulepreload" href="/assets/add-transaction-1a2b.js">');
const SIGN_IN_PAGE = PAGE.replace('</title>', '</title><link rel="modulepreload" href="/assets/sign-in-1a2b.js">');
const app = Fastify();
beforeAll(async () => {
  const root = tempDir('ledger-precompressed-');
  fs.mkdirSync(path.join(root, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(root, name), text);
    fs.writeFileSync(path.join(root, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(root, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', PAGE);
  write('screens.html', SCREENS_PAGE);
  write('sign-in.html', SIGN_IN_PAGE);
  write('screen-dashboard.html', DASHBOARD_PAGE);
  write('screen-start.html', START_PAGE);
  write('assets/app-1a2b.js', SCRIPT);
  const servePage = await registerStatic(app, root);
  app.setNotFoundHandler((req, reply) => servePage(reply, req.url.split('?')[0]));
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe("the web app's files, compressed once at build", () => {
  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    // A browser that refuses brotli (q=0) gets gzip.
    const refused = await get('/assets/app-1a2b.js', 'br;q=0, gzip ;q=0.5');
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a page the browser has already with 304 and no body, and a changed one in full', async () => {
    const first = await get('/dashboard', 'br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'if-none-match': '"an-older-page"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(DASHBOARD_PAGE);
  });

  it('compresses the page a client route answers with, which no browser keeps', async () => {
    const page = await get('/transactions/history', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(SCREENS_PAGE);
  });

  it("sends a signed-in screen's path its own page or the one that asks for the screens' code, Login and Reset the one that asks for the sign-in code, and other paths the plain one", async () => {
    const body = async (url: string) => (await get(url)).body;
    for (const url of ['/admin/users', '/customers/12', '/casinos/3?tab=links']) expect(await body(url), url).toBe(SCREENS_PAGE);
    // A screen the build wrote a page of its own for gets that page (decision 250).
    expect(await body('/dashboard?range=week')).toBe(DASHBOARD_PAGE);
    expect(await body('/')).toBe(START_PAGE);
    for (const url of ['/login', '/reset-password?token=x']) expect(await body(url), url).toBe(SIGN_IN_PAGE);
    for (const url of ['/no-such-screen', '/customers/12/more', '/login/more']) expect(await body(url), url).toBe(PAGE);
  });
});
