import { describe, expect, it } from 'vitest';
import { csvField, csvLine, neutralise, toCsv } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it('quotes a field that holds ; as well as , so a spreadsheet splitting on ; keeps it whole', () => {
    expect(csvField('Eve;=2+5;')).toBe('"Eve;=2+5;"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('tab\there')).toBe('"tab\there"');
    expect(csvField('plain')).toBe('plain');
    expect(csvLine(['Eve;=2+5;', 'Lucky', 12.5])).toBe('"Eve;=2+5;",Lucky,12.5');
  });

  it('neutralises a formula after any leading blanks, quotes or separators', () => {
    for (const text of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      ' =1+1',
      ';=2+5',
      ',=2+5',
      '|=cmd',
      '"=1"',
      '  ; -3',
      '\uFF1D1+1',
    ]) {
      expect(neutralise(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    for (const text of ['Eve', 'a=b', 'Zoë', '', '1-2']) expect(neutralise(text)).toBe(text);
    expect(neutralise(-3)).toBe(-3);
    expect(neutralise(null)).toBe(null);
    expect(csvField(';=2+5')).toBe(`"';=2+5"`);
  });

  it('writes CRLF lines after a BOM', () => {
    expect(
      toCsv(
        ['Name', 'Total'],
        [
          ['=x', 1],
          [null, -2],
        ],
      ),
    ).toBe("\uFEFFName,Total\r\n'=x,1\r\n,-2\r\n");
  });
});
