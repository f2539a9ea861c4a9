import { describe, expect, it } from 'vitest';
import { HISTORY_SORT_ROWS, historySortProblem } from '../../../shared/sorting';
import { entryOf } from '../../testing/fixtures';
import { withTwoPairs } from '../../testing/test-server';
import { createEntry } from './ledger';

// Decision 044: History sorts by date or USD on the server, over every matching row, page by page.
describe('History sorted on the server', () => {
  it('pages by USD over all rows (both directions, ties by id) exactly as one sorted list, and refuses an unknown sort', async () => {
    await withTwoPairs(async ({ s, db, a, b, staff }) => {
      // USD -12.00 .. +12.00 in a scrambled order, two rows sharing each amount.
      const amounts = Array.from({ length: 26 }, (_, i) => ((i * 7) % 13) * 200 - 1200);
      for (const [i, usd] of amounts.entries()) {
        const p = i % 2 ? a : b;
        await createEntry(db, entryOf(p, { unplayedCoinsChange: 100, usdChange: usd }), {
          userId: staff.id,
          now: new Date(Date.UTC(2026, 2, 1, i)),
        });
      }
      const api = s.caller(staff);
      const list = (input: Parameters<typeof api.transactions.list>[0]) => api.transactions.list(input);
      const pages = async (input: { sort: 'usd' | '-usd'; casinoId?: number }) => {
        const rows = [];
        for (let offset = 0; offset < 30; offset += 5) rows.push(...(await list({ ...input, limit: 5, offset })).transactions);
        return rows;
      };
      const up = await pages({ sort: 'usd' });
      expect(up).toHaveLength(26);
      const sorted = [...up].sort((x, y) => Number(x.usdChange) - Number(y.usdChange) || x.id - y.id);
      expect(up.map((t) => t.id)).toEqual(sorted.map((t) => t.id));
      expect([up[0].usdChange, up[25].usdChange]).toEqual(['-12.00', '12.00']);
      const down = await pages({ sort: '-usd' });
      expect(down.map((t) => t.id)).toEqual([...sorted].reverse().map((t) => t.id));
      // A casino alone walks its (casino, USD) index; a customer sorts its own rows: same answers.
      const atA = await pages({ sort: '-usd', casinoId: a.casino.id });
      expect(atA.map((t) => t.usdChange)).toEqual(down.filter((t) => t.casinoId === a.casino.id).map((t) => t.usdChange));
      const byCustomer = await list({ customerId: b.customer.id, sort: 'usd', limit: 100 });
      expect(byCustomer.transactions.map((t) => t.id)).toEqual(up.filter((t) => t.customerId === b.customer.id).map((t) => t.id));
      const oldest = await list({ sort: 'date', limit: 3 });
      expect(oldest.transactions.map((t) => t.usdChange)).toEqual(amounts.slice(0, 3).map((c) => (c / 100).toFixed(2)));

      const bad = await s.app.inject({ url: '/api/transactions?sort=customer', headers: staff.auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['sort']);
      const rest = await s.app.inject({ url: '/api/transactions?sort=-usd&limit=2', headers: staff.auth });
      expect(rest.json<{ transactions: { usdChange: string }[] }>().transactions.map((t) => t.usdChange)).toEqual(['12.00', '12.00']);
    });
  });

  it('bounds a USD sort that no index serves: at most HISTORY_SORT_ROWS matching rows', () => {
    const usd = { column: 'usd', desc: true } as const;
    expect(historySortProblem(usd, {}, 5_000_000)).toBeNull();
    expect(historySortProblem(usd, { casinoId: 1 }, 5_000_000)).toBeNull();
    expect(historySortProblem(usd, { customerId: 1 }, HISTORY_SORT_ROWS)).toBeNull();
    expect(historySortProblem(usd, { casinoId: 1, startDate: '2026-01-01' }, HISTORY_SORT_ROWS + 1)).toBe(
      'Sorting by USD with these filters is limited to 50,000 transactions (50,001 match): narrow the filters',
    );
    expect(historySortProblem({ column: 'date', desc: false }, { customerId: 1 }, 5_000_000)).toBeNull();
  });
});
