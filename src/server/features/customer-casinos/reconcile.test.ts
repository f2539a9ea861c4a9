import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditTrail, entryOf, linkBalances, pairFixture, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from '../transactions/invariants';
import { expectFieldErrors } from '../../testing/rest';

let s: TestServer;
let staff: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
  await post('/api/transactions', entryOf(pair, { unplayedCoinsChange: '1500.25', playedCoinsChange: '20.00', usdChange: '-1.50' }));
});
afterEach(() => s.stop());

const post = (url: string, payload: unknown) => s.app.inject({ method: 'POST', url, headers: staff.auth, payload: payload as object });
const reconcile = (unplayedCoins: string, playedCoins: string, note?: string) =>
  post('/api/customer-casinos/reconcile', {
    customerId: pair.customer.id,
    casinoId: pair.casino.id,
    unplayedCoins,
    playedCoins,
    ...(note ? { note } : {}),
  });

describe('POST /api/customer-casinos/reconcile', () => {
  it('records nothing when the casino shows what the ledger holds, and remembers the check', async () => {
    const res = await reconcile('1500.25', '20.00');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      differenceUnplayed: '0.00',
      differencePlayed: '0.00',
      adjustment: null,
      reconciledAt: expect.any(String),
      reconciliationId: expect.any(Number),
    });
    const report = (await s.app.inject({ url: '/api/reports/reconciliation?staleDays=7', headers: staff.auth })).json();
    expect(report).toMatchObject({
      totalCount: 1,
      staleCount: 0,
      rows: [{ customerName: 'Alice', casinoName: 'Lucky', lastReconciledBy: staff.email, differenceUnplayed: '0.00', stale: false }],
    });
  });

  it('books one adjustment that brings the ledger to exactly the typed balances', async () => {
    const res = await reconcile('1324.44', '25.01', 'Casino site after the weekend');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      differenceUnplayed: '-175.81',
      differencePlayed: '5.01',
      adjustment: {
        transactionType: { name: 'Adjustment' },
        unplayedCoinsChange: '-175.81',
        playedCoinsChange: '5.01',
        usdChange: '0.00',
        unplayedCoinsAfter: '1324.44',
        playedCoinsAfter: '25.01',
      },
    });
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({
      currentUnplayedCoins: 132444,
      currentPlayedCoins: 2501,
    });
    expect(ledgerIsSound(await checkLedger(s.database.db))).toBe(true);

    // The Adjustment type is created once and reused.
    await reconcile('1000.00', '25.01');
    const types = await s.database.db.selectFrom('transactionTypes').select('name').where('casinoId', '=', pair.casino.id).execute();
    expect(types.map((t) => t.name).sort()).toEqual(['Adjustment', 'Purchase']);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({ currentUnplayedCoins: 100000 });

    const audit = await auditTrail(s.database.db, staff.id);
    expect(audit.map((a) => a.step)).toEqual([
      'transaction create',
      'transactionType create',
      'transaction adjustment',
      'link reconcile',
      'transaction adjustment',
      'link reconcile',
    ]);
  });

  it('refuses mistyped balances and unknown pairs, writing nothing', async () => {
    const bad = await reconcile('1,324.44', '1.005');
    expectFieldErrors(bad, [
      { path: 'unplayedCoins', message: 'Must be a valid number: leave out the thousands separators (1324.44)' },
      { path: 'playedCoins', message: 'Must have at most 2 decimal places' },
    ]);
    const other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Star' });
    const unknown = await post('/api/customer-casinos/reconcile', {
      customerId: other.customer.id,
      casinoId: pair.casino.id,
      unplayedCoins: '1',
      playedCoins: '0',
    });
    expectFieldErrors(unknown, [{ path: 'casinoId', message: 'Customer is not registered at this casino' }]);
    expect(await linkBalances(s.database.db, pair.customer.id, pair.casino.id)).toMatchObject({
      currentUnplayedCoins: 150025,
      currentPlayedCoins: 2000,
    });
  });

  it('lists links never reconciled, or not within N days, as stale', async () => {
    const other = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Star' });
    await reconcile('1500.25', '20.00');
    await s.database.db
      .updateTable('customerCasinos')
      .set({ lastReconciledAt: new Date(Date.now() - 10 * 86_400_000).toISOString() })
      .where('customerId', '=', pair.customer.id)
      .execute();
    const week = (await s.app.inject({ url: '/api/reports/reconciliation?staleDays=7', headers: staff.auth })).json();
    expect(week.staleCount).toBe(2);
    expect(week.rows.map((r: { customerName: string; stale: boolean }) => [r.customerName, r.stale])).toEqual([
      ['Bob', true],
      ['Alice', true],
    ]);
    expect(other.customer.id).toBeGreaterThan(0);
    const fortnight = (await s.app.inject({ url: '/api/reports/reconciliation?staleDays=14', headers: staff.auth })).json();
    expect(fortnight.staleCount).toBe(1);
  });
});
