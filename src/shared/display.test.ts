import { describe, expect, it } from 'vitest';
import { formatInstantDay } from './display';

describe('formatInstantDay', () => {
  it("names the instant's calendar day in each zone asked, the zones never mixed up", () => {
    const lateEvening = '2026-11-26T03:00:00Z';
    expect(formatInstantDay(lateEvening, 'America/New_York')).toBe('Nov 25, 2026');
    expect(formatInstantDay(lateEvening, 'UTC')).toBe('Nov 26, 2026');
    expect(formatInstantDay(lateEvening, 'Asia/Tokyo')).toBe('Nov 26, 2026');
    expect(formatInstantDay('2026-11-26T16:00:00Z', 'Asia/Tokyo')).toBe('Nov 27, 2026');
    expect(formatInstantDay(lateEvening, 'America/New_York')).toBe('Nov 25, 2026');
  });
});
