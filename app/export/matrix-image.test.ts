import { describe, expect, it } from 'vitest';
import { escapeXml, matrixSvg, type MatrixTable } from './matrix-image';

const TABLE: MatrixTable = {
  colLabels: ['10°E', '<b>x</b>'],
  rows: [
    { label: '0', cells: [{ text: '1.5' }, { text: '—', masked: true }] },
    { label: 'a&b', cells: [{ text: '"q"' }, { text: "<script>alert('x')</script>" }] },
  ],
};

/** The text nodes of one class, their numeric character references decoded. */
function texts(svg: string, cls: string): string[] {
  const re = new RegExp(`<text class="${cls}"[^>]*>([^<]*)</text>`, 'g');
  return [...svg.matchAll(re)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d))));
}

describe('matrixSvg', () => {
  it('has the size asked and every header and cell as escaped text', () => {
    const svg = matrixSvg(TABLE, 640, 400);
    expect(/^<svg\b[^>]*\bwidth="640" height="400"/.test(svg)).toBe(true);
    expect(texts(svg, 'col')).toEqual(TABLE.colLabels);
    expect(texts(svg, 'row')).toEqual(TABLE.rows.map((r) => r.label));
    expect(texts(svg, 'cell')).toEqual(TABLE.rows.flatMap((r) => r.cells.map((c) => c.text)));
    expect(svg.includes('<script')).toBe(false);
    expect(svg.includes('<b>')).toBe(false);
  });

  it('escapes markup characters', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
  });
});
