import { describe, expect, it } from 'vitest';
import { withTwoPairs } from '../../testing/test-server';
import { checkLedger } from './invariants';
import { createEntry } from './ledger';

// A transaction's casino is its type's: History filters by a type and a casino through the type's casino.
describe('History filtered by a casino and a type', () => {
  it('finds the type’s rows at its own casino, none at another, counted alike; the ledger check names a row against the rule', async () => {
    await withTwoPairs(async ({ s, db, a, b, staff }) => {
      for (const [i, p] of [a, a, b].entries()) {
        const entry = { customerId: p.customer.id, casinoId: p.casino.id, transactionTypeId: p.type.id };
        await createEntry(
          db,
          { ...entry, unplayedCoinsChange: 100, playedCoinsChange: 0, usdChange: -100 },
          { userId: staff.id, now: new Date(Date.UTC(2026, 2, 1, i)) },
        );
      }
      const api = s.caller(staff);
      const own = await api.transactions.list({ casinoId: a.casino.id, transactionTypeId: a.type.id });
      expect([own.totalCount, own.transactions.length, own.transactions.every((t) => t.casinoId === a.casino.id)]).toEqual([2, 2, true]);
      const other = await api.transactions.list({ casinoId: b.casino.id, transactionTypeId: a.type.id });
      expect([other.totalCount, other.transactions.length]).toEqual([0, 0]);
      const dated = await api.transactions.list({
        casinoId: a.casino.id,
        transactionTypeId: a.type.id,
        startDate: '2026-03-01',
        endDate: '2026-03-01',
      });
      expect(dated.totalCount).toBe(2);

      expect((await checkLedger(db)).orphans).toBe(0);
      // Written past the ledger, as no path of the app can: a row of casino b with casino a's type.
      s.database.sqlite.prepare('update transactions set "transactionTypeId" = ? where "casinoId" = ?').run(a.type.id, b.casino.id);
      expect((await checkLedger(db)).orphans).toBe(1);
    });
  });
});
