import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1.5')).toBe('-1.5');
    expect(csvField('plain')).toBe('plain');
  });

  it('writes 1-D with labels and masked cells empty', () => {
    const csv = toCsv({
      shape: [3],
      values: [1, 2.5, NaN],
      mask: [0, 0, 0],
      name: 'temp',
      rowName: 'time',
      rowLabels: ['2000-01-01', 'b', 'c'],
    });
    expect(csv).toBe('time,temp\r\n2000-01-01,1\r\nb,2.5\r\nc,\r\n');
    expect(toCsv({ shape: [2], values: [1, 2], mask: [1, 0], name: 'v' })).toBe('index,v\r\n0,\r\n1,2\r\n');
  });

  it('writes 2-D row-major with x labels in the header', () => {
    const csv = toCsv({
      shape: [2, 3],
      values: [1, 2, 3, 4, 5, 6],
      name: 'v',
      rowName: 'lat\\lon',
      rowLabels: ['10', '20'],
      columnLabels: ['a', 'b', 'c'],
    });
    expect(csv.split('\r\n')).toEqual(['lat\\lon,a,b,c', '10,1,2,3', '20,4,5,6', '']);
  });

  it('writes scalars and text', () => {
    expect(toCsv({ shape: [], values: ['x,y'], name: 's' })).toBe('s\r\n"x,y"\r\n');
    expect(() => toCsv({ shape: [1, 1, 1], values: [1], name: 'v' })).toThrow();
  });
});
