/**
 * A picture of the Matrix view's visible table region at a chosen size: PNG drawn on a canvas, SVG written as
 * escaped text. Cell and header texts are untrusted (attribute-derived labels, user-typed strings): the SVG holds
 * them only as escaped character data, never as markup.
 *
 * @example
 * const url = await matrixImage({ colLabels: ['0', '1'], rows: [{ label: '0', cells: [{ text: '1.5' }, { text: '2' }] }] },
 *   { format: 'svg', width: 640, height: 400, scale: 1 });
 */
import type { ImageRequest } from '../plot/plot-image';

export interface MatrixCell {
  readonly text: string;
  readonly masked?: boolean;
}

/** The table as shown: column headers, and each row's header and cells. */
export interface MatrixTable {
  readonly colLabels: readonly string[];
  readonly rows: readonly { readonly label: string; readonly cells: readonly MatrixCell[] }[];
}

/** The Matrix view's table as laid out on screen: its scroll position, viewport and cell geometry (CSS pixels). */
export interface MatrixRegion {
  readonly top: number;
  readonly left: number;
  readonly h: number;
  readonly w: number;
  readonly rows: number;
  readonly cols: number;
  readonly rowH: number;
  readonly cellW: number;
  readonly labelW: number;
  readonly rowLabels: readonly string[] | undefined;
  readonly colLabels: readonly string[] | undefined;
  readonly cell: (r: number, c: number) => { readonly text: string; readonly cls: string };
}

const span = (from: number, stop: number) => Array.from({ length: Math.max(0, stop - from) }, (_, k) => from + k);

/** The cells wholly or partly in view (below the header row, right of the row labels), as the screen shows them. */
export function visibleTable(v: MatrixRegion): MatrixTable {
  const top = Math.floor(v.top / v.rowH);
  const left = Math.floor(v.left / v.cellW);
  const rs = span(top, Math.min(v.rows, Math.max(top + 1, Math.ceil((v.top + v.h - v.rowH) / v.rowH))));
  const cs = span(left, Math.min(v.cols, Math.max(left + 1, Math.ceil((v.left + v.w - v.labelW) / v.cellW))));
  return {
    colLabels: cs.map((c) => v.colLabels?.[c] ?? String(c)),
    rows: rs.map((r) => ({
      label: v.rowLabels?.[r] ?? String(r),
      cells: cs.map((c) => {
        const x = v.cell(r, c);
        return { text: x.text, masked: x.cls === 'masked' };
      }),
    })),
  };
}

/** Where each part goes in a picture of width × height CSS pixels. */
interface Layout {
  readonly labelW: number;
  readonly cellW: number;
  readonly rowH: number;
  readonly font: number;
}

const LABEL_SHARE = 1.4;

function layout(t: MatrixTable, width: number, height: number): Layout {
  const cols = Math.max(1, t.colLabels.length);
  const cellW = width / (cols + LABEL_SHARE);
  const rowH = height / (t.rows.length + 1);
  return { labelW: cellW * LABEL_SHARE, cellW, rowH, font: Math.max(4, Math.min(rowH * 0.5, cellW / 6, 40)) };
}

/** Escapes text for SVG character data and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const FG = '#1f2328';
const MUTED = '#6e7781';
const HEAD = '#f0f2f5';
const GRID = '#d0d7de';

/** The SVG document of the table (its `width` and `height` as asked). */
export function matrixSvg(t: MatrixTable, width: number, height: number): string {
  const L = layout(t, width, height);
  const n = (v: number) => Number(v.toFixed(2));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<rect width="${width}" height="${n(L.rowH)}" fill="${HEAD}"/>`,
    `<rect width="${n(L.labelW)}" height="${height}" fill="${HEAD}"/>`,
    `<g font-family="system-ui, sans-serif" font-size="${n(L.font)}" text-anchor="middle" dominant-baseline="central">`,
  ];
  const text = (x: number, y: number, s: string, fill: string, cls: string) =>
    out.push(`<text class="${cls}" x="${n(x)}" y="${n(y)}" fill="${fill}">${escapeXml(s)}</text>`);
  t.colLabels.forEach((c, j) => text(L.labelW + (j + 0.5) * L.cellW, L.rowH / 2, c, FG, 'col'));
  t.rows.forEach((row, i) => {
    const y = (i + 1.5) * L.rowH;
    text(L.labelW / 2, y, row.label, FG, 'row');
    row.cells.forEach((c, j) => text(L.labelW + (j + 0.5) * L.cellW, y, c.text, c.masked ? MUTED : FG, 'cell'));
    out.push(`<line x1="0" x2="${width}" y1="${n((i + 1) * L.rowH)}" y2="${n((i + 1) * L.rowH)}" stroke="${GRID}"/>`);
  });
  out.push('</g></svg>');
  return out.join('\n');
}

/** Draws the table on a canvas of width × height CSS pixels at `scale` device pixels each. */
export function drawMatrix(t: MatrixTable, width: number, height: number, scale: number): HTMLCanvasElement {
  const L = layout(t, width, height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot draw the picture (no 2-D canvas).');
  g.scale(scale, scale);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = HEAD;
  g.fillRect(0, 0, width, L.rowH);
  g.fillRect(0, 0, L.labelW, height);
  g.font = `${L.font}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const text = (x: number, y: number, s: string, fill: string, maxW: number) => {
    g.fillStyle = fill;
    g.fillText(s, x, y, maxW);
  };
  t.colLabels.forEach((c, j) => text(L.labelW + (j + 0.5) * L.cellW, L.rowH / 2, c, FG, L.cellW - 4));
  g.strokeStyle = GRID;
  t.rows.forEach((row, i) => {
    const y = (i + 1.5) * L.rowH;
    text(L.labelW / 2, y, row.label, FG, L.labelW - 4);
    row.cells.forEach((c, j) => text(L.labelW + (j + 0.5) * L.cellW, y, c.text, c.masked ? MUTED : FG, L.cellW - 4));
    g.beginPath();
    g.moveTo(0, (i + 1) * L.rowH);
    g.lineTo(width, (i + 1) * L.rowH);
    g.stroke();
  });
  return canvas;
}

/**
 * The table's picture as a `data:` URL (PNG of width·scale × height·scale pixels, or SVG of width × height), for a
 * request already bounded by `checkedRequest` (plot-image.ts, which the page has loaded already).
 */
export function matrixImage(t: MatrixTable, r: ImageRequest): string {
  if (r.format === 'svg')
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(matrixSvg(t, r.width, r.height))}`;
  return drawMatrix(t, r.width, r.height, r.scale).toDataURL('image/png');
}
