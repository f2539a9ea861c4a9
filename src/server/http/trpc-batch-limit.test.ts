import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH_CALLS } from '../../shared/constants';
import { entryOf, pairFixture } from '../testing/fixtures';
import { createTestServer, type TestServer } from '../testing/test-server';
import { inject } from '../testing/rest';

// One staff user stalled the server with GET batches of ~60 reports.highSc plus a
// failing call each. Batches are now bounded for GET and POST, whether or not a GET fast path exists.
let s: TestServer;
let staff: { authorization: string };
beforeEach(async () => {
  s = await createTestServer();
  staff = (await s.addUser('staff')).auth;
  const admin = s.caller(await s.addUser('admin'));
  for (let i = 0; i < 3; i++) {
    const pair = await pairFixture(s.database.db);
    await admin.transactions.create(entryOf(pair, { unplayedCoinsChange: `${i + 1}00.00`, playedCoinsChange: '0', usdChange: '-1.00' }));
  }
});
afterEach(() => s.stop());

const getBatch = (paths: string[], input: unknown[]) =>
  inject(
    s.app,
    'GET',
    `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(input.map((v, i) => [i, v]))))}`,
    staff,
  );

describe('tRPC batches are bounded (finding 2)', () => {
  const attack = [...Array<string>(60).fill('reports.highSc'), 'users.list'];
  const attackInput = [...Array(60).fill({ threshold: 0 }), undefined];

  it('a GET batch of 60 High SC reports plus a failing call is refused with 400 before anything runs', async () => {
    const res = await getBatch(attack, attackInput);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        message: `A tRPC batch may hold at most ${TRPC_MAX_BATCH_CALLS} calls; this one has 61.`,
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
    const encoded = await s.app.inject({ method: 'GET', url: `/trpc/${attack.join('%2C')}?batch=1`, headers: staff });
    expect(encoded.statusCode).toBe(400);
    // Encoded twice, the commas reach tRPC as one path, which tRPC decodes again: its own limit refuses it.
    const twice = await s.app.inject({ method: 'GET', url: `/trpc/${attack.join('%252C')}?batch=1`, headers: staff });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: { message: 'Batch call exceeds maximum size' } });
    expect((await s.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('a POST batch over the limit is refused the same way, and one at the limit runs every call', async () => {
    const over = Array.from({ length: TRPC_MAX_BATCH_CALLS + 1 }, (_, i) => ({ name: `Customer ${i}` }));
    const refused = await inject(
      s.app,
      'POST',
      `/trpc/${over.map(() => 'customers.create').join(',')}?batch=1`,
      staff,
      Object.fromEntries(over.map((v, i) => [i, v])),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      `A tRPC batch may hold at most ${TRPC_MAX_BATCH_CALLS} calls; this one has ${TRPC_MAX_BATCH_CALLS + 1}.`,
    );
    expect((await s.app.inject({ url: '/api/customers', headers: staff })).json()).toHaveLength(3);

    const atLimit = await getBatch(
      [...Array<string>(TRPC_MAX_BATCH_CALLS - 1).fill('reports.highSc'), 'users.list'],
      [...Array(TRPC_MAX_BATCH_CALLS - 1).fill({ threshold: 0, limit: 100 }), undefined],
    );
    const results = atLimit.json<{ result?: { data: { totalCoins: string }[] }; error?: { data: { httpStatus: number } } }[]>();
    expect(results).toHaveLength(TRPC_MAX_BATCH_CALLS);
    for (const r of results.slice(0, -1)) expect(r.result!.data.map((row) => row.totalCoins)).toEqual(['100.00', '200.00', '300.00']);
    expect(results.at(-1)!.error!.data.httpStatus).toBe(403);
  });
});
