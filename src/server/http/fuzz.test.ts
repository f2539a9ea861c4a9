import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryOf, pairFixture } from '../testing/fixtures';
import { createTestServer, type TestServer } from '../testing/test-server';
import { REST_ROUTES } from './rest';

/**
 * Generated bad input against every /api route, as an admin and as staff: always a 4xx with a JSON
 * message, never a 5xx, nothing written, the server still answering. FUZZ_RUNS sets the cases per
 * route and role (CI: 60; try FUZZ_RUNS=2000 locally for a long run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const FIELDS = [
  'id',
  'email',
  'password',
  'firstName',
  'lastName',
  'role',
  'name',
  'website',
  'isActive',
  'scRatio',
  'casinoId',
  'customerId',
  'transactionTypeId',
  'status',
  'unplayedCoinsChange',
  'playedCoinsChange',
  'usdChange',
  'limit',
  'offset',
  'startDate',
  'endDate',
  'threshold',
  'masterUserId',
  'token',
  'idempotencyKey',
];

const deep = (depth: number): unknown => (depth === 0 ? 1 : { a: deep(depth - 1) });
/** Values no field accepts: wrong types, non-positive or unsafe numbers, deep or huge structures. */
const badValue = fc.oneof(
  fc.constant(null),
  fc.boolean().map((b) => ({ b })),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.integer({ min: -1e9, max: 0 }),
  fc.constantFrom(1.5, 1e308, -1e308, 2 ** 60, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '0x1F', '', '   ', '1.005', '２０', '🙂'.repeat(5000)),
  fc.constant(deep(200)),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 4 }),
);
const badBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), badValue, { minKeys: 1, maxKeys: 6 }),
  fc
    .record({ zzzExtra: fc.jsonValue() })
    .chain((extra) => fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue(), { maxKeys: 6 }).map((d) => ({ ...d, ...extra }))),
  fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
  fc.constant('{"__proto__": {"role": "admin"}, "name": "x"}'),
  fc.constant('{"constructor": {"prototype": {"isAdmin": true}}}'),
);
const badParam = fc.oneof(
  fc.integer({ min: -1e12, max: 0 }).map(String),
  fc.constantFrom('abc', 'NaN', 'Infinity', '1e309', '9007199254740993', '1.5', '%00', '..%2F..', "1' or '1'='1", '🙂'),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);
const badQuery = fc.dictionary(
  fc.constantFrom(...FIELDS),
  fc.oneof(fc.constantFrom('abc', '-1', '0', '1.5', 'NaN', '2026-02-30', '1e309', 'x'.repeat(5000), '🙂'), fc.string({ maxLength: 20 })),
  { minKeys: 1, maxKeys: 5 },
);

let s: TestServer;
const roles: Record<string, { authorization: string }> = {};

async function snapshot() {
  const rows = await sql<Record<string, number>>`
    select (select count(*) from users) users, (select count(*) from customers) customers, (select count(*) from casinos) casinos,
      (select count(*) from transactionTypes) types, (select count(*) from customerCasinos) links, (select count(*) from transactions) tx,
      (select total(currentUnplayedCoins) + total(currentPlayedCoins) from customerCasinos) balances,
      (select group_concat(name || isActive) from customers) customerState, (select group_concat(status) from customerCasinos) linkState,
      (select group_concat(role || tokenVersion) from users) userState, (select count(*) from passwordResetTokens) resets`.execute(
    s.database.db,
  );
  return rows.rows[0];
}

beforeAll(async () => {
  s = await createTestServer();
  roles.admin = (await s.addUser('admin')).auth;
  roles.staff = (await s.addUser('staff')).auth;
  const pair = await pairFixture(s.database.db);
  await s
    .caller({
      ...(await s.database.db.selectFrom('users').select(['id', 'email', 'firstName', 'lastName', 'role']).executeTakeFirstOrThrow()),
    })
    .transactions.create(entryOf(pair, { unplayedCoinsChange: '100', playedCoinsChange: '0', usdChange: '-1' }));
});
afterAll(() => s.stop());

describe('fuzzing every /api route with bad input', () => {
  let cases = 0;
  for (const [method, url] of REST_ROUTES) {
    it(`${method} ${url}`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('admin', 'staff'), badParam, method === 'GET' ? badQuery : badBody, async (role, param, input) => {
          cases += 1;
          const path = url.replace(':id', param);
          const res =
            method === 'GET'
              ? await s.app.inject({ method, url: `${path}?${new URLSearchParams(input as Record<string, string>)}`, headers: roles[role] })
              : await s.app.inject({
                  method,
                  url: path,
                  headers: { ...roles[role], 'content-type': 'application/json' },
                  payload: typeof input === 'string' && input.startsWith('{') ? input : JSON.stringify(input),
                });
          const ok = url.includes(':id') ? res.statusCode >= 400 && res.statusCode < 500 : res.statusCode < 500;
          if (!ok) throw new Error(`${method} ${path} as ${role} -> ${res.statusCode}: ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            const body = res.json<{ message?: unknown }>();
            if (typeof body.message !== 'string') throw new Error(`no JSON message: ${res.body.slice(0, 200)}`);
          }
        }),
        { numRuns: RUNS, seed: 20261121 },
      );
      expect(await snapshot()).toEqual(before);
      expect((await s.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  }
  it('tried cases on every route', () => {
    expect(cases).toBe(RUNS * REST_ROUTES.length);
  });
});
