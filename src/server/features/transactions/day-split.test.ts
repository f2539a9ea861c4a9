import { describe, expect, it } from 'vitest';
import { spanOf, splitByDays } from './day-split';

describe('splitting a date range for the per-day totals', () => {
  it('answers whole UTC days from the totals, with no edges in UTC', () => {
    expect(splitByDays(spanOf({ startDate: '2026-03-01', endDate: '2026-03-31' }, 'UTC'))).toEqual({
      days: { fromDay: '2026-03-01', toDay: '2026-04-01' },
      edges: [],
    });
    expect(splitByDays(spanOf({}, 'UTC'))).toEqual({ days: { fromDay: undefined, toDay: undefined }, edges: [] });
  });

  it('reads the partial UTC days at both ends of a local range from the transactions', () => {
    // New York in March 2026: UTC-5 until the 8th, then UTC-4.
    expect(splitByDays(spanOf({ startDate: '2026-03-01', endDate: '2026-03-31' }, 'America/New_York'))).toEqual({
      days: { fromDay: '2026-03-02', toDay: '2026-04-01' },
      edges: [
        { from: '2026-03-01T05:00:00.000Z', to: '2026-03-02T00:00:00.000Z' },
        { from: '2026-04-01T00:00:00.000Z', to: '2026-04-01T04:00:00.000Z' },
      ],
    });
    expect(splitByDays(spanOf({ endDate: '2026-03-31' }, 'Asia/Kolkata'))).toEqual({
      days: { fromDay: undefined, toDay: '2026-03-31' },
      edges: [{ from: '2026-03-31T00:00:00.000Z', to: '2026-03-31T18:30:00.000Z' }],
    });
  });

  it('reads a range inside one UTC day from the transactions alone', () => {
    expect(splitByDays(spanOf({ startDate: '2026-03-10', endDate: '2026-03-10' }, 'Asia/Kolkata'))).toEqual({
      days: null,
      edges: [{ from: '2026-03-09T18:30:00.000Z', to: '2026-03-10T18:30:00.000Z' }],
    });
  });
});
