import { describe, expect, it } from 'vitest';
import { compareNames } from './names';

describe('compareNames', () => {
  it('orders names alphabetically, letter case and accents aside', () => {
    expect(['withdrawal', 'Élan', 'Purchase', 'bonus', 'Eagle', 'purchase B', 'Zeta', 'éclair'].sort(compareNames)).toEqual([
      'bonus',
      'Eagle',
      'éclair',
      'Élan',
      'Purchase',
      'purchase B',
      'withdrawal',
      'Zeta',
    ]);
  });

  it('puts two spellings of one name in a fixed order', () => {
    expect(['purchase', 'Purchase'].sort(compareNames)).toEqual(['Purchase', 'purchase']);
    expect(compareNames('Bonus', 'Bonus')).toBe(0);
  });
});
