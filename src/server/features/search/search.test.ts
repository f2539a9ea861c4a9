import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../shared/schemas/search';
import { insertCasino } from '../casinos/casinos.repository';
import { insertCustomer } from '../customers/customers.repository';
import { entryOf } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import type { Pair } from '../../testing/fixtures';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky());
});
afterEach(() => s.stop());

const search = async (q: string, auth: Record<string, string> = staff.auth) => {
  const res = await s.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ results: SearchResult[] }>().results;
};
const labels = (results: SearchResult[]) => results.map((r) => `${r.kind}:${r.label}`);

describe('search', () => {
  it('puts a name that starts with the query before one that contains it, ignoring case and accents', async () => {
    const db = s.database.db;
    await insertCustomer(db, { name: 'Zoé Martin', email: null });
    await insertCustomer(db, { name: 'Martina Ruiz', email: 'mr@example.com' });
    await insertCustomer(db, { name: 'Ann Jones', email: 'martin.ann@example.com' });
    await insertCasino(db, { name: 'Martinique Spins', website: 'https://spins.example', isActive: true, scRatio: 1000 });
    expect(labels(await search('MARTÍN'))).toEqual([
      'customer:Martina Ruiz',
      'casino:Martinique Spins',
      'customer:Zoé Martin',
      'customer:Ann Jones',
    ]);
    expect(labels(await search('zoe'))).toEqual(['customer:Zoé Martin']);
    expect(labels(await search('spins.exa'))).toEqual(['casino:Martinique Spins']);
    expect((await search('luc'))[0]).toMatchObject({ kind: 'casino', id: pair.casino.id, label: 'Lucky' });
  });

  it('finds screens by name; admin screens for admins only', async () => {
    expect(labels(await search('high sc'))).toEqual(['screen:High SC Report']);
    expect(labels(await search('audit'))).toEqual([]);
    expect((await search('audit', admin.auth))[0]).toEqual({ kind: 'screen', id: '/admin/audit', label: 'Audit Trail', detail: 'Screen' });
    // Every sidebar link is a screen search knows (the sidebar takes its labels from the same list).
    expect(labels(await search('books'))).toEqual([]);
    expect((await search('books', admin.auth))[0]).toEqual({ kind: 'screen', id: '/admin/books', label: 'Books', detail: 'Screen' });
  });

  it('finds a transaction or a redemption by its number', async () => {
    const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url, headers: staff.auth, payload });
    const t = (await post('/api/transactions', entryOf(pair, { unplayedCoinsChange: '500.00', usdChange: '-5.00' }))).json<{
      id: number;
    }>();
    const r = (
      await post('/api/redemptions', {
        customerId: pair.customer.id,
        casinoId: pair.casino.id,
        unplayedCoins: '100.00',
        playedCoins: '0',
        expectedUsd: '1.00',
      })
    ).json<{ id: number; requestTransactionId: number }>();
    const found = await search(`#${t.id}`);
    expect(found[0]).toMatchObject({ kind: 'transaction', id: t.id, label: `Transaction #${t.id}` });
    expect(found[0].detail).toMatch(/^Alice at Lucky, Purchase, /);
    expect(await search(`#${r.id}`)).toContainEqual({
      kind: 'redemption',
      id: r.id,
      label: `Redemption #${r.id}`,
      detail: 'Alice at Lucky, pending',
      customerId: pair.customer.id,
      casinoId: pair.casino.id,
    });
    expect(await search('#99999')).toEqual([]);
  });

  it('answers at most 20, and refuses a long query and nobody signed out', async () => {
    for (let i = 0; i < 30; i += 1) await insertCustomer(s.database.db, { name: `Sam ${String(i).padStart(2, '0')}`, email: null });
    const found = await search('sam');
    expect(found).toHaveLength(20);
    expect(found[0].label).toBe('Sam 00');
    expect(found[19].label).toBe('Sam 19');
    expect(await search('   ')).toEqual([]);
    expect((await s.app.inject({ url: `/api/search?q=${'x'.repeat(101)}`, headers: staff.auth })).statusCode).toBe(400);
    expect((await s.app.inject({ url: '/api/search?q=sam' })).statusCode).toBe(401);
  });
});
