import { describe, expect, it } from 'vitest';
import { dayStartUtc, localDay, nextDay } from './dates';
import {
  afterValues,
  avgPerTransaction,
  LEDGER_LIMIT,
  leavesLimit,
  participationRate,
  profitStatus,
  purchaseRatio,
  ratioHint,
  ratioText,
} from './ledger';
import { formatHundredths, formatSignedHundredths, parseHundredths, parseWholeNumber } from './money';

describe('money', () => {
  it('parses numbers and strings with at most two decimals into hundredths', () => {
    expect(parseHundredths('12.5')).toEqual({ ok: true, value: 1250 });
    expect(parseHundredths('-0.01')).toEqual({ ok: true, value: -1 });
    expect(parseHundredths(15000)).toEqual({ ok: true, value: 1500000 });
    expect(parseHundredths(0.07)).toEqual({ ok: true, value: 7 });
    expect(parseHundredths('.5')).toEqual({ ok: true, value: 50 });
    expect(parseHundredths('-0')).toEqual({ ok: true, value: 0 });
    expect(parseHundredths('1.005')).toEqual({ ok: false, reason: 'precision' });
    expect(parseHundredths(0.1 + 0.2)).toEqual({ ok: false, reason: 'precision' });
    expect(parseHundredths('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseHundredths('1e3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseHundredths(Number.NaN)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseHundredths(Infinity)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseHundredths('1000000000.01')).toEqual({ ok: false, reason: 'range' });
    expect(parseHundredths(null)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses what a person mistyped instead of repairing it', () => {
    for (const typed of ['1,50', '-20.5.5', '1,000', '$20', '+20', ' 5', '5 ', '--11', '-20.00-24', '1e400', '-', '.', '', '0x10', '١٢']) {
      expect(parseHundredths(typed), typed).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(parseHundredths('20.')).toEqual({ ok: true, value: 2000 });
    expect(parseHundredths('-24')).toEqual({ ok: true, value: -2400 });
    expect(parseHundredths('-10.999')).toEqual({ ok: false, reason: 'precision' });
  });

  it('parses whole numbers strictly', () => {
    expect(parseWholeNumber('1000')).toEqual({ ok: true, value: 1000 });
    expect(parseWholeNumber(250)).toEqual({ ok: true, value: 250 });
    expect(parseWholeNumber('-50')).toEqual({ ok: true, value: -50 });
    for (const typed of ['1.5', '50.5', '1e3', ' 1', '+1', '', 'abc', '0x10', 1.5, true, null]) {
      expect(parseWholeNumber(typed), String(typed)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(parseWholeNumber('1234567890123456')).toEqual({ ok: false, reason: 'range' });
  });

  it('formats hundredths as two-decimal strings', () => {
    expect(formatHundredths(-2000)).toBe('-20.00');
    expect(formatHundredths(1500000)).toBe('15000.00');
    expect(formatHundredths(-5)).toBe('-0.05');
    expect(formatSignedHundredths(1250)).toBe('+12.50');
    expect(formatSignedHundredths(0)).toBe('+0.00');
    expect(formatSignedHundredths(-300)).toBe('-3.00');
  });
});

describe('ledger rules', () => {
  it('computes the purchase ratio only for purchases', () => {
    // $20 buys 22,000 coins at 1000 per dollar: 1.10
    expect(purchaseRatio(2200000, -2000, 1000)).toBeCloseTo(1.1, 10);
    expect(ratioText(purchaseRatio(2200000, -2000))).toBe('1.10');
    expect(ratioHint(purchaseRatio(2200000, -2000)!)).toBe('Above 1.1 threshold');
    expect(ratioHint(purchaseRatio(2100000, -2000)!)).toBe('Below 1.1 threshold');
    expect(purchaseRatio(2000000, -2000, 2000)).toBe(0.5);
    expect(purchaseRatio(0, -2000)).toBeNull();
    expect(purchaseRatio(100, 2000)).toBeNull();
    expect(ratioText(null)).toBe('-');
  });

  it('adds changes to the current balance, or to zero without a link', () => {
    expect(afterValues({ unplayed: 1000, played: 50 }, 250, -50)).toEqual({ unplayed: 1250, played: 0, total: 1250 });
    expect(afterValues(null, 250, 100)).toEqual({ unplayed: 250, played: 100, total: 350 });
  });

  it('derives status, participation and averages', () => {
    expect(profitStatus(1)).toBe('Profitable');
    expect(profitStatus(-1)).toBe('Loss');
    expect(profitStatus(0)).toBe('Break Even');
    expect(participationRate(3, 1)).toBe('66.7%');
    expect(participationRate(0, 0)).toBe('0%');
    expect(avgPerTransaction(1000, 3)).toBe(333);
    expect(avgPerTransaction(-1000, 3)).toBe(-333);
    expect(avgPerTransaction(500, 0)).toBe(0);
  });
});

describe('dates', () => {
  it('finds the UTC start of an office day, across DST', () => {
    expect(dayStartUtc('2026-01-15', 'UTC')).toBe('2026-01-15T00:00:00.000Z');
    expect(dayStartUtc('2026-01-15', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
    expect(dayStartUtc('2026-07-15', 'America/New_York')).toBe('2026-07-15T04:00:00.000Z');
    expect(dayStartUtc('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartUtc('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStartUtc('2026-06-01', 'Asia/Kolkata')).toBe('2026-05-31T18:30:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(localDay('2026-01-15T04:59:00.000Z', 'America/New_York')).toBe('2026-01-14');
  });
});

describe('leavesLimit', () => {
  it('refuses a value that ends past ±LEDGER_LIMIT, and one already past it that moves further out', () => {
    expect(LEDGER_LIMIT).toBe(10_000_000_000_000);
    expect(LEDGER_LIMIT * 900).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(leavesLimit(0, LEDGER_LIMIT)).toBe(false);
    expect(leavesLimit(0, -LEDGER_LIMIT)).toBe(false);
    expect(leavesLimit(LEDGER_LIMIT, LEDGER_LIMIT + 1)).toBe(true);
    expect(leavesLimit(0, -LEDGER_LIMIT - 1)).toBe(true);
    expect(leavesLimit(LEDGER_LIMIT + 5, LEDGER_LIMIT + 6)).toBe(true);
    // A ledger already past it (written before the limit) may be brought back.
    expect(leavesLimit(LEDGER_LIMIT + 5, LEDGER_LIMIT + 1)).toBe(false);
    expect(leavesLimit(-LEDGER_LIMIT - 5, -LEDGER_LIMIT - 5)).toBe(false);
  });
});
