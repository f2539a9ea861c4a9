import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/types';
import { PairRanges } from '../features/reports/pair-ranges';
import { createEntry } from '../features/transactions/ledger';
import { insertUser } from '../features/users/users.repository';
import { entryOf, pairFixture } from '../testing/fixtures';
import { createTestDatabase } from '../testing/test-db';
import { namedPool, type ReadInput, type ReadName, reads, runRead } from './declared-reads';

// Each read's declared pool against what the read does: a read that builds or reads the range columns must
// be declared on the range thread (the other screen threads never build them, decision 029), and a read
// declared there must need them. The table names every read (the type demands it), each with the inputs
// that change its path: with and without a date range, one type or all, a page or every row.
const month = { startDate: '2026-03-01', endDate: '2026-03-31' };
type Cases = { [N in ReadName]: ReadInput<N>[] };
const casesFor = (ids: { customerId: number; casinoId: number; transactionTypeId: number }): Cases => ({
  'transactions.recent': [undefined, { limit: 5 }],
  'transactions.list': [undefined, { ...month, limit: 10 }, { customerId: ids.customerId, startDate: month.startDate }],
  'transactions.get': [{ id: 1 }],
  'transactions.deleted': [undefined],
  'customers.list': [undefined],
  'casinos.list': [undefined],
  'transactionTypes.list': [undefined, { casinoId: ids.casinoId }],
  'customerCasinos.list': [undefined, { customerId: ids.customerId, asOf: month.endDate }],
  'customerCasinos.balanceBefore': [{ customerId: ids.customerId, casinoId: ids.casinoId, at: '2026-03-05T12:00:00.000Z' }],
  'customerCasinos.reconciliationReport': [undefined],
  'customerCasinos.reconciliations': [undefined, { status: 'broken', customerId: ids.customerId, limit: 10 }],
  'audit.list': [undefined, { ...month }],
  'transactions.audit': [{ id: 1 }],
  'admin.ledgerCheck': [undefined],
  'admin.lastLedgerCheck': [undefined],
  'dashboard.usdPerDay': [undefined],
  'dashboard.scByCasino': [undefined],
  'dashboard.entriesByStaff': [undefined],
  'reports.highSc': [{ threshold: 0, limit: 10 }, { threshold: 0 }, { threshold: 0, asOf: month.endDate, limit: 10 }],
  'reports.highScSummary': [{ threshold: 0 }, { threshold: 0, asOf: month.endDate }],
  'reports.profitability': [
    { limit: 10 },
    { ...month, limit: 10 },
    { startDate: month.startDate, limit: 10 },
    { endDate: month.endDate, customerId: ids.customerId, limit: 10 },
    undefined,
    month,
  ],
  'reports.profitabilitySummary': [undefined, month, { endDate: month.endDate }, { customerId: ids.customerId }],
  'reports.participation': [{ masterUserId: ids.customerId, limit: 10 }, { masterUserId: ids.customerId }],
  'reports.participationSummary': [{ masterUserId: ids.customerId }],
  'reports.transactionTypes': [
    undefined,
    month,
    { ...month, transactionTypeId: ids.transactionTypeId },
    { ...month, typeName: 'Purchase' },
    { transactionTypeId: ids.transactionTypeId, limit: 10 },
  ],
  'reports.transactionTypesSummary': [
    undefined,
    month,
    { startDate: month.startDate },
    { ...month, transactionTypeId: ids.transactionTypeId },
    { ...month, typeName: 'Purchase' },
    { transactionTypeId: ids.transactionTypeId },
  ],
  'redemptions.list': [undefined],
  'redemptions.inTransit': [undefined],
  'redemptions.report': [undefined],
  'checkIns.board': [undefined, { date: month.startDate }],
  'summaries.customer': [{ id: ids.customerId }],
  'summaries.casino': [{ id: ids.casinoId }],
  'summaries.customerSeries': [{ id: ids.customerId, ...month, step: 'day' }],
  'search.query': [
    { q: 'a', admin: false },
    { q: '#1', admin: true },
  ],
});

let db: Db;
let cases: Cases;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  const pair = await pairFixture(db);
  const user = await insertUser(db, { email: 'pools@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'admin' });
  for (const occurredAt of ['2026-02-20T12:00:00.000Z', '2026-03-10T12:00:00.000Z', '2026-04-02T12:00:00.000Z']) {
    await createEntry(db, { ...entryOf(pair, { unplayedCoinsChange: 1000, usdChange: -500 }), occurredAt }, { userId: user.id });
  }
  cases = casesFor({ customerId: pair.customer.id, casinoId: pair.casino.id, transactionTypeId: pair.type.id });
});
afterEach(() => vi.restoreAllMocks());

/** Whether running the read touched the range columns (built them, or summed over them). */
async function readsRanges<N extends ReadName>(name: N, input: ReadInput<N>): Promise<boolean> {
  const columns = vi.spyOn(PairRanges.prototype, 'columns');
  const types = vi.spyOn(PairRanges.prototype, 'types');
  try {
    await runRead(db, name, input, { timeZone: 'America/New_York' });
    return columns.mock.calls.length + types.mock.calls.length > 0;
  } finally {
    columns.mockRestore();
    types.mockRestore();
  }
}

describe('each read declared with its pool', () => {
  it('covers every declared read', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(reads).sort());
  });

  it('runs on the range thread exactly the reads that read the range columns', async () => {
    const mismatches: string[] = [];
    const ranged: string[] = [];
    for (const name of Object.keys(cases) as ReadName[]) {
      for (const input of cases[name]) {
        const needs = await readsRanges(name, input);
        const pool = namedPool(name, input);
        if (needs) ranged.push(`${name} ${JSON.stringify(input)}`);
        // A read of every row runs on the export thread (decision 085), which may build whatever it reads.
        if (pool !== 'exports' && needs !== (pool === 'ranges')) mismatches.push(`${name} ${JSON.stringify(input)}: declared ${pool}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The cases do reach the range columns (a table that never did would prove nothing).
    expect(ranged).toEqual([
      `reports.profitability ${JSON.stringify({ ...month, limit: 10 })}`,
      `reports.profitability ${JSON.stringify({ startDate: month.startDate, limit: 10 })}`,
      `reports.profitability ${JSON.stringify({ endDate: month.endDate, customerId: cases['reports.participationSummary'][0].masterUserId, limit: 10 })}`,
      `reports.profitability ${JSON.stringify(month)}`,
      `reports.profitabilitySummary ${JSON.stringify(month)}`,
      `reports.profitabilitySummary ${JSON.stringify({ endDate: month.endDate })}`,
      `reports.transactionTypes ${JSON.stringify(month)}`,
      `reports.transactionTypesSummary ${JSON.stringify(month)}`,
      `reports.transactionTypesSummary ${JSON.stringify({ startDate: month.startDate })}`,
    ]);
  });

  it('sends every-row reads to the export thread and the ledger check to its own', () => {
    expect(namedPool('reports.highSc', { threshold: 0 })).toBe('exports');
    expect(namedPool('reports.highSc', { threshold: 0, limit: 10 })).toBe('screens');
    expect(namedPool('reports.profitability', month)).toBe('exports');
    expect(namedPool('reports.participation', { masterUserId: 1 })).toBe('exports');
    expect(namedPool('reports.participation', { masterUserId: 1, limit: 5 })).toBe('screens');
    expect(namedPool('admin.ledgerCheck', undefined)).toBe('checks');
    expect(namedPool('transactions.list', { ...month, limit: 10 })).toBe('screens');
  });
});
