import { describe, expect, it } from 'vitest';
import { formatCount, groupedAmount, signedUsd } from './format';

describe('one number format', () => {
  it('groups thousands in signed USD, coins and counts', () => {
    expect(signedUsd('1000.00')).toBe('+1,000.00');
    expect(signedUsd('-62597.5')).toBe('-62,597.50');
    expect(signedUsd('0.00')).toBe('+0.00');
    expect(groupedAmount('1234567.89')).toBe('1,234,567.89');
    expect(formatCount(3000)).toBe('3,000');
    expect(formatCount(100000)).toBe('100,000');
  });
});
