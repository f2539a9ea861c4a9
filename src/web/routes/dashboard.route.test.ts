import { describe, expect, it } from 'vitest';
import { readsOf } from '../lib/screen-reads';
import { rememberRole } from '../lib/auth-token';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, STAFF } from '../testing/render';
import { queryClient, trpc } from '../trpc';
import { dashboardRoute } from './dashboard.route';

const FIRST_READS = [
  'transactions.recent',
  'redemptions.inTransit',
  'checkIns.board',
  'customers.list',
  'casinos.list',
  'customerCasinos.reconciliations',
];

/** The paths the dashboard's first reads asked for, read with `user` (undefined: beside the sign-in check). */
async function readPaths(user?: typeof ADMIN) {
  queryClient.clear();
  mockTrpc({
    'transactions.recent': () => [],
    'redemptions.inTransit': () => ({ usd: '0.00', count: 0 }),
    'checkIns.board': () => ({ date: '2026-11-27', today: '2026-11-27', done: 0, total: 0, rows: [], totalCount: 0 }),
    'customers.list': () => [],
    'casinos.list': () => [],
    'customerCasinos.reconciliations': () => ({ reconciliations: [], totalCount: 0 }),
    'audit.lastLedgerCheck': () => null,
  });
  await Promise.allSettled(readsOf(dashboardRoute.options.loader)!({ queryClient, trpc, user }, {}));
  return calls.map((c) => c.path).sort();
}

describe("the Dashboard's first reads", () => {
  it("read an admin's last ledger check with the cards' reads, once the check says admin", async () => {
    expect(await readPaths(ADMIN)).toEqual([...FIRST_READS, 'audit.lastLedgerCheck'].sort());
  });

  it("read no ledger check for staff, nor before the check has answered unless this browser's last check said admin (decision 251)", async () => {
    expect(await readPaths(STAFF)).toEqual([...FIRST_READS].sort());
    expect(await readPaths(undefined)).toEqual([...FIRST_READS].sort());
    rememberRole('admin');
    expect(await readPaths(undefined)).toEqual([...FIRST_READS, 'audit.lastLedgerCheck'].sort());
    // The check's answer wins over the hint.
    expect(await readPaths(STAFF)).toEqual([...FIRST_READS].sort());
  });
});
