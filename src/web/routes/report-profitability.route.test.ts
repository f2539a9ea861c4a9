import { describe, expect, it } from 'vitest';
import { calls, mockTrpc } from '../testing/msw';
import { ADMIN, STAFF } from '../testing/render';
import { queryClient, trpc } from '../trpc';
import { profitabilityRoute } from './report-profitability.route';

type Loader = (args: { context: object; deps: object }) => unknown;
const load = profitabilityRoute.options.loader as unknown as Loader;

describe("Profitability's first reads (decision 234)", () => {
  it("read an admin's lists, first page and summary with the screen's inputs, and nothing of a staff member's", async () => {
    queryClient.clear();
    mockTrpc({
      'customers.list': () => [],
      'casinos.list': () => [],
      'reports.profitability': () => [],
      'reports.profitabilitySummary': () => ({ totalUSD: '0.00', profitable: 0, loss: 0, entries: 0 }),
    });
    load({ context: { denied: true, user: STAFF, queryClient, trpc }, deps: { casinoId: 4 } });
    load({ context: { denied: false, user: ADMIN, queryClient, trpc }, deps: { casinoId: 4, sort: '-usd' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.path).sort()).toEqual([
      'casinos.list',
      'customers.list',
      'reports.profitability',
      'reports.profitabilitySummary',
    ]);
    expect(calls.find((c) => c.path === 'reports.profitability')?.input).toEqual({ casinoId: 4, sort: '-usd', limit: 100, offset: 0 });
    expect(calls.find((c) => c.path === 'reports.profitabilitySummary')?.input).toEqual({ casinoId: 4 });
  });
});
