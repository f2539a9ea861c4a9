import { describe, expect, it } from 'vitest';
// The test reads the router's own record at run time, so a new mutation cannot be left out of the
// refresh table by a hand-kept list; the app itself imports only the router's types.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { appRouter } from '../../server/trpc/app-router';
import { CHANGE_EVENT_KINDS } from '../../shared/change-event-kinds';
import { mockTrpc, TrpcFailure } from '../testing/msw';
import { queryClient, trpc, trpcClient } from '../trpc';
import { EVENT_REFRESH, readsTouchedBy, WRITE_REFRESH } from './refresh';

/** tRPC types its flat procedure record loosely, so each entry's kind is read with plain checks. */
const isMutation = (procedure: unknown) =>
  typeof procedure === 'function' &&
  '_def' in procedure &&
  typeof procedure._def === 'object' &&
  procedure._def !== null &&
  'type' in procedure._def &&
  procedure._def.type === 'mutation';

const mutationPaths = Object.entries(appRouter._def.procedures)
  .filter(([, procedure]) => isMutation(procedure))
  .map(([path]) => path)
  .sort();

const keysOf = (change: Parameters<typeof readsTouchedBy>[0]) => readsTouchedBy(change).map((filter) => JSON.stringify(filter.queryKey));

describe('the refresh table', () => {
  it('names every mutation of the router, and nothing else', () => {
    expect(mutationPaths.length).toBeGreaterThan(30);
    expect(mutationPaths.filter((path) => !Object.hasOwn(WRITE_REFRESH, path))).toEqual([]);
    expect(Object.keys(WRITE_REFRESH).sort()).toEqual(mutationPaths);
  });

  it('maps every change-stream event kind to the reads it touches', () => {
    expect(CHANGE_EVENT_KINDS.filter((kind) => !Object.hasOwn(EVENT_REFRESH, kind))).toEqual([]);
    for (const kind of CHANGE_EVENT_KINDS) expect(readsTouchedBy(kind).length, kind).toBeGreaterThan(0);
  });

  it("refreshes the same reads for my save as for a colleague's save announced on the stream", () => {
    expect(keysOf('transactions.update')).toEqual(keysOf('transaction.updated'));
    expect(keysOf('redemptions.receive')).toEqual(keysOf('redemption.changed'));
    expect(keysOf('transactions.create')).toEqual([
      '[["transactions"]]',
      '[["customerCasinos"]]',
      '[["reports"]]',
      '[["dashboard"]]',
      '[["redemptions"]]',
      '[["checkIns"]]',
      '[["audit","list"]]',
      '[["summaries"]]',
    ]);
    expect(keysOf('customer.changed')).toContain('[["customers"]]');
    expect(keysOf('customer.changed')).toContain('[["search"]]');
    expect(keysOf('attachment.changed')).toContain('["attachmentCount"]');
    expect(keysOf('auth.account.createApiToken')).toEqual(['[["auth","account","apiTokens"]]']);
  });

  it('runs after every successful mutation, before the caller sees the answer, and not after a refused one', async () => {
    queryClient.setQueryData(trpc.transactions.recent.queryKey(), []);
    queryClient.setQueryData(trpc.customers.list.queryKey(), []);
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    let refuse = true;
    mockTrpc({
      'checkIns.record': () => {
        if (refuse) throw new TrpcFailure(409, 'Already checked in today');
        return { transactionId: 7, day: '2026-11-26', streak: 1 };
      },
    });
    await expect(trpcClient.checkIns.record.mutate({ customerId: 1, casinoId: 2, unplayedCoins: '10' })).rejects.toThrow(
      'Already checked in today',
    );
    expect(state(trpc.transactions.recent.queryKey())).toBe(false);
    refuse = false;
    await trpcClient.checkIns.record.mutate({ customerId: 1, casinoId: 2, unplayedCoins: '10' });
    expect(state(trpc.transactions.recent.queryKey())).toBe(true);
    expect(state(trpc.customers.list.queryKey())).toBe(false);
  });
});
