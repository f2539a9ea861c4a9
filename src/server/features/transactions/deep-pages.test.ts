import { describe, expect, it } from 'vitest';
import { entryOf, pairFixture } from '../../testing/fixtures';
import { createTestDatabase } from '../../testing/test-db';
import { insertUser } from '../users/users.repository';
import { createEntry } from './ledger';
import { countTransactions, listTransactions } from './transactions.repository';

// Pages past the middle are read oldest first and reversed: they must be the very rows the
// newest-first walk gives at that offset, in the same order.
describe('deep History pages', () => {
  it('answers every page, from a day checkpoint or reversed from the far end, exactly as the newest-first walk', async () => {
    const { db } = await createTestDatabase();
    const a = await pairFixture(db);
    const b = await pairFixture(db);
    const user = await insertUser(db, { email: 'p@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'staff' });
    // Five hours apart: the rows span several days, so deep pages start from the per-day checkpoints.
    const at = (step: number) => new Date(Date.UTC(2026, 2, 1, 12 + step * 5));
    for (let i = 0; i < 23; i++) {
      const p = i % 3 === 0 ? b : a;
      // Every fourth entry shares its minute with the one before: ids break the tie.
      await createEntry(db, entryOf(p, { unplayedCoinsChange: i * 100 }), user.id, undefined, at(i - (i % 4 === 3 ? 1 : 0)));
    }
    for (const filters of [{}, { startDate: '2026-03-02', endDate: '2026-03-04' }, { customerId: a.customer.id }]) {
      const all = await listTransactions(db, { filters, timeZone: 'UTC', limit: 1000 });
      const total = await countTransactions(db, filters, 'UTC');
      expect(total).toBe(all.length);
      for (let offset = 0; offset < total + 5; offset += 5) {
        const page = await listTransactions(db, { filters, timeZone: 'UTC', limit: 5, offset, totalCount: total });
        const deep = await listTransactions(db, { filters, timeZone: 'UTC', limit: 5, offset, totalCount: total, deepFrom: 0 });
        expect(deep).toEqual(page);
        expect(page.map((t) => t.id)).toEqual(all.slice(offset, offset + 5).map((t) => t.id));
      }
    }
    const last = await listTransactions(db, { filters: {}, timeZone: 'UTC', limit: 5, offset: 20, totalCount: 23 });
    expect(last.map((t) => t.unplayedCoinsChange)).toEqual(['2.00', '1.00', '0.00']);
  });
});
