import { describe, expect, it } from 'vitest';
import { type BulkInput, BulkRows, NumberList } from './bulk-rows';

// Decision 053: the rows an import keeps until its last one is checked live in typed arrays; what comes
// back out must be exactly what went in (dates as the same ISO text, amounts as the same numbers).
const row = (i: number): BulkInput => ({
  date: new Date(Date.UTC(2025, 0, 1) + i * 3_600_123).toISOString(),
  customerId: i % 2 === 0 ? 1 + (i % 7) : -(1 + (i % 3)),
  casinoId: 1 + (i % 5),
  transactionTypeId: 10 + (i % 4),
  unplayedCoinsChange: i * 100 + 0.01,
  playedCoinsChange: -(i % 13) - 0.07,
  usdChange: -(i * 3) - 0.99,
  scRatio: i % 2 === 0 ? 1000 : 12.5,
});

describe('BulkRows', () => {
  it('gives back every kept row exactly, with its place, past its first capacity', () => {
    const input = Array.from({ length: 3000 }, (_, i) => row(i));
    const kept = BulkRows.of(input);
    expect(kept.length).toBe(3000);
    expect(Array.from({ length: 3000 }, (_, i) => kept.at(i))).toEqual(input.map((r, order) => ({ ...r, order })));
  });

  it('refuses a date it could not give back as the same text', () => {
    const kept = new BulkRows();
    expect(() => kept.push({ ...row(1), date: '2026-11-01T10:00:00Z' })).toThrow('Not an ISO UTC date: 2026-11-01T10:00:00Z');
    expect(() => kept.push({ ...row(1), date: '2026-11-01 10:00' })).toThrow('Not an ISO UTC date');
    expect(kept.length).toBe(0);
  });

  it('sorts places by pair, date and place, and compares dates with the place breaking ties', () => {
    const at = (customerId: number, casinoId: number, date: string): BulkInput => ({ ...row(0), customerId, casinoId, date });
    const kept = BulkRows.of([
      at(2, 1, '2026-01-02T00:00:00.000Z'),
      at(1, 2, '2026-01-01T00:00:00.000Z'),
      at(1, 1, '2026-01-03T00:00:00.000Z'),
      at(1, 1, '2026-01-01T00:00:00.000Z'),
      at(1, 1, '2026-01-03T00:00:00.000Z'),
      at(-1, 1, '2026-01-05T00:00:00.000Z'),
    ]);
    expect([...kept.byPairDate()]).toEqual([5, 3, 2, 4, 1, 0]);
    expect(kept.samePair(2, 3)).toBe(true);
    expect(kept.samePair(1, 3)).toBe(false);
    expect(Math.sign(kept.compareDates(2, 4))).toBe(-1);
    expect(Math.sign(kept.compareDates(0, 1))).toBe(1);
  });
});

describe('NumberList', () => {
  it('keeps numbers in order past its first capacity', () => {
    const list = new NumberList();
    for (let i = 0; i < 5000; i++) list.push(i + 0.5);
    expect(list.length).toBe(5000);
    expect([list.at(0), list.at(1023), list.at(1024), list.at(4999)]).toEqual([0.5, 1023.5, 1024.5, 4999.5]);
  });
});
