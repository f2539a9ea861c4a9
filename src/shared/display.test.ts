import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatInstant, formatInstantDay } from './display';

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

describe('dates, times and counts in the browser zone, written without Intl', () => {
  // What US English's own formatter writes, for comparison (Node's ICU separates the time and AM/PM by a space).
  const usInstant = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const usDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
  const usCount = new Intl.NumberFormat('en-US');

  it('writes every hour of a day, midnight and noon included, as US English does', () => {
    for (let hour = 0; hour < 24; hour++) {
      for (const minute of [0, 5, 59]) {
        const at = new Date(2026, 10, 25, hour, minute).toISOString();
        expect(formatInstant(at)).toBe(usInstant.format(new Date(at)));
        expect(formatInstantDay(at)).toBe(usDay.format(new Date(Date.UTC(2026, 10, 25))));
      }
    }
    expect(formatInstant(new Date(2026, 0, 1, 0, 7).toISOString())).toBe('Jan 1, 2026, 12:07 AM');
    expect(formatInstant(new Date(2026, 11, 31, 12, 0).toISOString())).toBe('Dec 31, 2026, 12:00 PM');
  });

  it('writes each month of an office day as US English does, and leaves a day that does not exist as it came', () => {
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-09`;
      expect(formatDay(day)).toBe(usDay.format(new Date(`${day}T12:00:00Z`)));
    }
    expect(formatDay('2026-11-25')).toBe('Nov 25, 2026');
    expect(formatDay('2026-02-31')).toBe('2026-02-31');
    expect(formatDay('2026-13-01')).toBe('2026-13-01');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('groups counts by thousands as US English does', () => {
    for (const n of [0, 7, 999, 1000, 6683, -1250, 1_000_000, 123_456_789, -9_007_199_254_740_991, 1.5, 2.25]) {
      expect(formatCount(n)).toBe(usCount.format(n));
    }
    expect(formatCount(6683)).toBe('6,683');
  });
});
