import { describe, expect, it } from 'vitest';
import { formatTypedDay, parseTypedDay } from './typed-day';

describe('a typed or pasted day', () => {
  it('reads the office format, a pasted ISO day and eight digits as the same day', () => {
    expect(parseTypedDay('11/20/2026')).toEqual({ kind: 'day', day: '2026-11-20' });
    expect(parseTypedDay('2026-11-20')).toEqual({ kind: 'day', day: '2026-11-20' });
    expect(parseTypedDay(' 11202026 ')).toEqual({ kind: 'day', day: '2026-11-20' });
    expect(parseTypedDay('1/5/2026')).toEqual({ kind: 'day', day: '2026-01-05' });
    expect(parseTypedDay('1-5-2026')).toEqual({ kind: 'day', day: '2026-01-05' });
  });

  it('says a date is not whole until it is, and never guesses a year', () => {
    for (const text of ['1', '11/', '11/2', '11/20/', '11/20/2', '11/20/202', '1120202', '2026-11', 'Nov 20']) {
      expect(parseTypedDay(text)).toEqual({ kind: 'partial', message: 'Enter a full date' });
    }
    expect(parseTypedDay('')).toEqual({ kind: 'empty' });
  });

  it('refuses days that do not exist and years typed short', () => {
    for (const text of ['02/30/2026', '13/01/2026', '00/10/2026', '2026-02-29']) {
      expect(parseTypedDay(text)).toEqual({ kind: 'unreal', message: 'Enter a real date' });
    }
    // Only the days the server reads (1970 to 2100); a year typed short is one of the others.
    for (const text of ['11/20/0026', '11/20/1026', '12/31/1969', '01/01/2101']) {
      expect(parseTypedDay(text), text).toEqual({ kind: 'unreal', message: 'Enter a date from 01/01/1970 to 12/31/2100' });
    }
    expect(parseTypedDay('01/01/1970')).toEqual({ kind: 'day', day: '1970-01-01' });
    expect(parseTypedDay('12/31/2100')).toEqual({ kind: 'day', day: '2100-12-31' });
    expect(parseTypedDay('02/29/2028')).toEqual({ kind: 'day', day: '2028-02-29' });
  });

  it('writes a day back in the office format', () => {
    expect(formatTypedDay('2026-11-20')).toBe('11/20/2026');
    expect(formatTypedDay(undefined)).toBe('');
  });
});
