import { describe, expect, it } from 'vitest';
import { historySearch } from '../features/transactions/history-search';

describe('URL search params (the shared value rules, a bad value falls back to the default)', () => {
  it('keeps what passes, as the screens use it', () => {
    expect(historySearch({ customerId: 3, casinoId: '10', startDate: '2026-03-01', page: 2, sort: '-usd' })).toEqual({
      customerId: 3,
      casinoId: 10,
      startDate: '2026-03-01',
      page: 2,
      sort: '-usd',
    });
  });

  it('turns each value that does not pass into undefined, so it overrides the raw text', () => {
    const parsed = historySearch({
      customerId: 'abc',
      casinoId: 0,
      transactionTypeId: '0x10',
      startDate: '2026-02-30',
      endDate: 'yesterday',
      page: -1,
      sort: 'name',
    });
    expect(Object.values(parsed).every((v) => v === undefined)).toBe(true);
    expect(Object.keys(parsed).sort()).toEqual(['casinoId', 'customerId', 'endDate', 'page', 'sort', 'startDate', 'transactionTypeId']);
  });

  it('leaves out what the URL does not have', () => {
    expect(historySearch({})).toEqual({});
  });
});
