import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aliceAtLucky, type TestServer, type TestUser } from '../testing/test-server';

// Reads sent by GET, alone or batched, are answered with the JSON text of their read's thread; every
// other call, and every request with a failing call, is tRPC's own answer.
let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let customerId: number;
beforeAll(async () => {
  let pair;
  ({ s, staff, admin, pair } = await aliceAtLucky());
  customerId = pair.customer.id;
});
afterAll(() => s.stop());
afterEach(() => vi.restoreAllMocks());

const url = (paths: string[], inputs: unknown[], batch = paths.length > 1) => {
  const input = batch ? Object.fromEntries(inputs.map((v, i) => [String(i), v])) : inputs[0];
  const query = [batch ? 'batch=1' : '', input === undefined ? '' : `input=${encodeURIComponent(JSON.stringify(input))}`];
  return `/trpc/${paths.join(',')}?${query.filter(Boolean).join('&')}`;
};
const get = (address: string, user: TestUser | null = staff) =>
  s.app.inject({ method: 'GET', url: address, headers: user ? user.auth : {} });

describe('read answers', () => {
  it("answers a read alone and a batch of reads from the reads' JSON text, as tRPC's envelope has them", async () => {
    const readJson = vi.spyOn(s.services.readers, 'readJson');
    const one = await get(url(['summaries.customer'], [{ id: customerId }]));
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toMatch(/^application\/json\b/);
    expect(one.headers['cache-control']).toBe('no-store');
    expect(one.json()).toMatchObject({
      result: { data: { customer: { id: customerId, name: 'Alice' }, links: [{ casinoName: 'Lucky' }] } },
    });
    expect(readJson).toHaveBeenCalledTimes(1);

    const batch = await get(url(['summaries.customer', 'customerCasinos.list'], [{ id: customerId }, { customerId }]));
    expect(batch.statusCode).toBe(200);
    const answers = batch.json<{ result: { data: unknown } }[]>();
    expect(answers).toHaveLength(2);
    expect(answers[0]).toEqual(one.json());
    expect(answers[1].result.data).toEqual([
      { customerId, casinoId: expect.any(Number), status: 'active', currentUnplayedCoins: '0.00', currentPlayedCoins: '0.00', version: 1 },
    ]);
    expect(readJson).toHaveBeenCalledTimes(3);
  });

  it("gives tRPC's own handler every batch with a failing call, which answers each call as before", async () => {
    const readJson = vi.spyOn(s.services.readers, 'readJson');
    const read = vi.spyOn(s.services.readers, 'read');
    const mixed = await get(url(['summaries.customer', 'summaries.customer'], [{ id: customerId }, { id: 999_999 }]));
    // Tried here first (both calls), then asked again through tRPC, which answers the failing call's 404.
    expect(readJson).toHaveBeenCalledTimes(2);
    expect(read).toHaveBeenCalledTimes(2);
    const [found, missing] =
      mixed.json<[{ result: { data: { customer: { name: string } } } }, { error: { message: string; data: { httpStatus: number } } }]>();
    expect(found.result.data.customer.name).toBe('Alice');
    expect(missing.error.message).toBe('Customer not found');
    expect(missing.error.data.httpStatus).toBe(404);
  });

  it("keeps tRPC's refusals: no token 401, bad input 400 naming the field, an admin's report 403 to staff", async () => {
    const signedOut = await get(url(['summaries.customer'], [{ id: customerId }]), null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: { message: 'Unauthorized', data: { code: 'UNAUTHORIZED' } } });

    const bad = await get(url(['summaries.customer'], [{ id: 'x' }]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { message: 'Validation failed', data: { errors: [{ path: 'id', message: 'Must be a positive whole number' }] } },
    });

    const notJson = await get(`/trpc/summaries.customer?input=${encodeURIComponent('{')}`);
    expect(notJson.statusCode).toBe(400);

    const report = url(['reports.profitabilitySummary'], [{}]);
    expect((await get(report)).statusCode).toBe(403);
    expect((await get(report, admin)).json()).toMatchObject({ result: { data: expect.any(Object) } });
  });

  it('leaves to tRPC procedures that are not reads, batches mixing them, streamed (JSON lines) answers and a batch input that is not an object', async () => {
    const readJson = vi.spyOn(s.services.readers, 'readJson');
    const user = await get('/trpc/auth.user');
    expect(user.json()).toMatchObject({ result: { data: { email: staff.email } } });
    const mixed = await get(url(['summaries.customer', 'auth.user'], [{ id: customerId }, undefined]));
    expect(mixed.json<{ result: { data: { email?: string } } }[]>()[1].result.data.email).toBe(staff.email);
    const lines = await s.app.inject({
      method: 'GET',
      url: url(['summaries.customer'], [{ id: customerId }], true),
      headers: { ...staff.auth, 'trpc-accept': 'application/jsonl' },
    });
    expect(lines.statusCode).toBe(200);
    const notObject = await get(`/trpc/summaries.customer?batch=1&input=${encodeURIComponent('[1]')}`);
    expect(notObject.statusCode).toBe(400);
    expect(readJson).not.toHaveBeenCalled();
  });

  it('says what the answer varies with, as tRPC does, and compression adds to it', async () => {
    const one = await s.app.inject({
      method: 'GET',
      url: url(['customerCasinos.list'], [{}]),
      headers: { ...staff.auth, 'accept-encoding': 'br' },
    });
    expect(one.headers.vary).toBe('trpc-accept, accept, accept-encoding');
  });
});
