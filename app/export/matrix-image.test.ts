import { describe, expect, it } from 'vitest';
import { escapeXml, matrixSvg, visibleTable, type MatrixTable } from './matrix-image';

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

describe('visibleTable', () => {
  it('takes the rows and columns partly or wholly in view, without overscan', () => {
    const t = visibleTable({
      top: 26 * 2 + 5,
      left: 100 * 1 + 50,
      h: 26 * 3,
      w: 150 + 100 * 2,
      rows: 10,
      cols: 10,
      rowH: 26,
      cellW: 100,
      labelW: 150,
      rowLabels: undefined,
      colLabels: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
      cell: (r, c) => ({ text: `${r},${c}`, cls: r === 3 ? 'masked' : '' }),
    });
    // Below the header, y 83–135 of the content is in view: rows 2 (78–104), 3 and 4 (130–156); x 300–500: columns
    // 1 (250–350), 2 and 3 (450–550).
    expect(t.rows.map((r) => r.label)).toEqual(['2', '3', '4']);
    expect(t.colLabels).toEqual(['b', 'c', 'd']);
    expect(t.rows[1]!.cells).toEqual([
      { text: '3,1', masked: true },
      { text: '3,2', masked: true },
      { text: '3,3', masked: true },
    ]);
  });
});
