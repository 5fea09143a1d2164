/**
 * A slice of one chunk with about twice as many cells as the plot has pixels: the worker that decodes the chunk
 * colours every second cell first and the plot draws that picture (`data-previewed`) before the full image
 * (`data-rendered`). The preview's pixels at the cells it shows have the colours of those cells' values, over the
 * whole slice's colour range; the full image follows and replaces it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { colorAt, rgbStops } from '../../src/render/colormap';
import { ROOT, openUrl, selectPath } from '../ui/helpers';

const NY = 900;
const NX = 1800;
const latAt = (y: number) => 89.9 - 0.2 * y;
const lonAt = (x: number) => 0.1 + 0.2 * x;
const valueAt = (y: number, x: number) => y * 2000 + x;

/** A Zarr v2 store of one float32 chunk, uncompressed, with its coordinates (idempotent); its served path. */
function writeField(): string {
  const rel = 'test-results/data-fixtures/preview.zarr';
  const dir = path.join(ROOT, rel);
  const meta: Record<string, unknown> = { '.zgroup': { zarr_format: 2 }, '.zattrs': {} };
  const put = (name: string, dims: string[], shape: number[], data: Float32Array, attrs: object) => {
    const zarray = { zarr_format: 2, shape, chunks: shape, dtype: '<f4', compressor: null, filters: null };
    const zattrs = { _ARRAY_DIMENSIONS: dims, ...attrs };
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, '.zarray'), JSON.stringify({ ...zarray, fill_value: 'NaN', order: 'C' }));
    writeFileSync(path.join(dir, name, '.zattrs'), JSON.stringify(zattrs));
    writeFileSync(path.join(dir, name, shape.map(() => '0').join('.')), new Uint8Array(data.buffer));
    meta[`${name}/.zarray`] = { ...zarray, fill_value: 'NaN', order: 'C' };
    meta[`${name}/.zattrs`] = zattrs;
  };
  put(
    'lat',
    ['lat'],
    [NY],
    Float32Array.from({ length: NY }, (_, y) => latAt(y)),
    { units: 'degrees_north' },
  );
  put(
    'lon',
    ['lon'],
    [NX],
    Float32Array.from({ length: NX }, (_, x) => lonAt(x)),
    { units: 'degrees_east' },
  );
  const field = new Float32Array(NY * NX);
  for (let y = 0; y < NY; y++) for (let x = 0; x < NX; x++) field[y * NX + x] = valueAt(y, x);
  put('field', ['lat', 'lon'], [NY, NX], field, { units: '1' });
  writeFileSync(path.join(dir, '.zgroup'), JSON.stringify({ zarr_format: 2 }));
  writeFileSync(path.join(dir, '.zmetadata'), JSON.stringify({ zarr_consolidated_format: 1, metadata: meta }));
  return rel;
}

/** Cells the preview shows (every second one from the first, both ways). */
const CELLS: [number, number][] = [
  [0, 0],
  [NX - 2, NY - 2],
  [600, 300],
  [1200, 600],
  [200, 800],
];

test.use({ viewport: { width: 1366, height: 768 } });

test('the first picture is coloured at the plot’s resolution, then the full image follows', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/${writeField()}#mode=zarr`);
  // When the plot says it drew the preview, the pixels at the cells it shows (read in the same task) and the order.
  await page.evaluate(
    (pts) => {
      const w = window as unknown as { __seen: string[]; __preview: number[][] | null };
      w.__seen = [];
      w.__preview = null;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          if (r.attributeName === 'data-previewed' && !w.__preview) {
            w.__seen.push('preview');
            const fl = (el as unknown as { _fullLayout: Record<string, { d2p(v: number): number }> })._fullLayout;
            const canvas = el.closest('figure')!.querySelector('canvas')!;
            const k = canvas.width / canvas.getBoundingClientRect().width;
            const ctx = canvas.getContext('2d')!;
            w.__preview = pts.map(([lon = 0, lat = 0]) =>
              Array.from(
                ctx.getImageData(Math.floor(fl.xaxis!.d2p(lon) * k), Math.floor(fl.yaxis!.d2p(lat) * k), 1, 1).data,
              ),
            );
          }
          if (r.attributeName === 'data-rendered') w.__seen.push('rendered');
        }
      }).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-previewed', 'data-rendered'],
      });
    },
    CELLS.map(([x, y]) => [lonAt(x), latAt(y)]),
  );
  // The user reads the tree a moment (the coordinates are read meanwhile: the read then asks for the image).
  await page.waitForTimeout(1500);
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen[0]).toBe('preview');
  expect(seen).toContain('rendered');
  const lo = valueAt(0, 0);
  const hi = valueAt(NY - 1, NX - 1);
  const want = CELLS.map(([x, y]) => [...colorAt(rgbStops('viridis'), (valueAt(y, x) - lo) / (hi - lo)), 255]);
  const got = await page.evaluate(() => (window as unknown as { __preview: number[][] }).__preview);
  expect(got).toEqual(want);
  // One preview for this read, and the marks of the page's clock in that order.
  await expect(heatmap).toHaveAttribute('data-previewed', '1');
  const marks = await page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((m) => m.name)
      .filter((n) => n === 'zv:previewed' || n === 'zv:rendered'),
  );
  expect(marks.indexOf('zv:previewed')).toBeLessThan(marks.indexOf('zv:rendered'));
});
