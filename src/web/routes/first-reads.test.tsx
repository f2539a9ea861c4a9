import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc, type TrpcMocks } from '../testing/msw';
import { renderApp } from '../testing/render';

const never = () => new Promise<never>(() => undefined);
const pending = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, never])) as TrpcMocks;

/**
 * Each screen's first reads leave beside the sign-in check, with the input the screen itself sends (one
 * query key): the screen is built once with them (decisions 229, 233).
 */
describe("a screen's first reads", () => {
  it.each([
    [
      '/check-ins?date=2026-11-02&page=2',
      { 'checkIns.board': { date: '2026-11-02', sort: 'customer', limit: 100, offset: 100 } },
      ['customers.list', 'casinos.list'],
    ],
    ['/redemptions?status=all', { 'redemptions.list': { limit: 50, offset: 0 } }, ['customers.list', 'casinos.list']],
    [
      '/reports/high-sc?threshold=250',
      { 'reports.highSc': { threshold: 250, limit: 100, offset: 0 }, 'reports.highScSummary': { threshold: 250 } },
      [],
    ],
    [
      '/reports/participation?masterUserId=3',
      { 'reports.participation': { masterUserId: 3, limit: 100, offset: 0 }, 'reports.participationSummary': { masterUserId: 3 } },
      ['customers.list'],
    ],
    ['/reports/participation', {}, ['customers.list']],
    [
      '/reports/transaction-types?typeName=Bonus&page=2',
      {
        'reports.transactionTypes': { typeName: 'Bonus', limit: 100, offset: 100 },
        'reports.transactionTypesSummary': { typeName: 'Bonus' },
      },
      ['transactionTypes.list', 'casinos.list'],
    ],
    ['/reports/transaction-types?startDate=2026-02-01&endDate=2026-01-01', {}, ['transactionTypes.list', 'casinos.list']],
    [
      '/reports/reconciliation?staleDays=7&page=3',
      { 'customerCasinos.reconciliationReport': { staleDays: 7, limit: 100, offset: 200 } },
      [],
    ],
    ['/profile', {}, ['auth.account.sessions', 'auth.twoFactor.status', 'auth.account.apiTokens']],
  ] as const)('%s: asked for while the sign-in check is unanswered', async (path, reads, lists) => {
    const expected = [...Object.keys(reads), ...lists];
    mockTrpc({ 'auth.user': never, ...pending(expected) });
    renderApp(path);
    await waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['auth.user', ...expected].sort()));
    for (const [procedure, input] of Object.entries(reads)) expect(calls.find((c) => c.path === procedure)?.input).toEqual(input);
  });
});
