import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV formula injection', () => {
  it('neutralises every cell a spreadsheet would evaluate, and leaves numbers alone', () => {
    for (const f of [
      '=1+1',
      "+cmd|' /C calc'!A0",
      '-1+HYPERLINK("http://x","y")',
      '@SUM(A1)',
      '\t=1',
      '+1)*cmd',
      '-2+3',
      '=HYPERLINK("javascript:alert(1)")',
    ]) {
      expect(csvField(f).replace(/^"/, '')).toMatch(/^'/);
    }
    for (const n of ['-1', '+2.5', '-1e-7', '.5', '-Infinity', 'NaN', '1', 'text', '']) expect(csvField(n)).toBe(n);
    const csv = toCsv({
      shape: [2],
      values: ['-1+HYPERLINK("http://x")', '=2'],
      name: '=name',
      rowLabels: ['@a', 'b'],
    });
    for (const line of csv.split(/\r?\n/).filter(Boolean))
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
  });
});
