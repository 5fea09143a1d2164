/**
 * CF decoding in the viewer, against xarray's own decoding of the same store (fixtures/cf/xarray/*.xarray-decoded.json,
 * written by scripts/cf/dump-xarray-decoded.py): a packed int16 heatmap shows decoded values with units and its
 * masked cells as gaps; the time slider of a 360_day dataset shows that calendar's dates; "Raw values" shows the
 * stored integers and the fill value without re-reading.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { ROOT, cellValue, openUrl, selectPath } from '../ui/helpers';

const STORE = 'fixtures/cf/xarray/xarray-360-day.zarr';
const URL = `${STATIC_URL}/${STORE}#mode=zarr`;

interface XarrayVariable {
  shape: number[];
  values: (number | string)[];
}
const decoded = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/cf/xarray/xarray-360-day.xarray-decoded.json'), 'utf8')) as {
    variables: Record<string, XarrayVariable>;
  }
).variables;
const attrs = JSON.parse(readFileSync(path.join(ROOT, STORE, 'temp/.zattrs'), 'utf8')) as {
  units: string;
  long_name: string;
  scale_factor: number;
  add_offset: number;
};
const zarray = JSON.parse(readFileSync(path.join(ROOT, STORE, 'temp/.zarray'), 'utf8')) as { fill_value: number };

const num = (v: number | string): number => (v === 'NaN' ? NaN : Number(v));

/** The heatmap's z grid as plotly holds it (rows = y). */
function heatmapZ(page: Page): Promise<(number | null)[][]> {
  return page.getByTestId('heatmap').evaluate((el) => {
    const gd = (el.classList.contains('js-plotly-plot') ? el : el.querySelector('.js-plotly-plot')) as unknown as {
      data?: { z: (number | null)[][] }[];
    };
    return gd.data?.[0]?.z ?? [];
  });
}

test('a packed int16 heatmap shows decoded values with units; masked cells are gaps', async ({ page }) => {
  const temp = decoded['/temp']!;
  const [nt, nx] = temp.shape as [number, number];
  const masked = temp.values.map((v, i) => (v === 'NaN' ? i : -1)).filter((i) => i >= 0);
  expect(masked.length).toBeGreaterThan(0);
  await page.goto('/');
  await openUrl(page, URL);
  await selectPath(page, '/temp');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await expect(heatmap).toContainText(attrs.long_name);
  await expect(heatmap).toContainText(attrs.units);
  const z = await heatmapZ(page);
  expect(z.length).toBe(nt);
  for (let t = 0; t < nt; t++) {
    for (let x = 0; x < nx; x++) {
      const want = num(temp.values[t * nx + x]!);
      const got = z[t]![x];
      if (Number.isNaN(want)) expect(got, `cell ${t},${x} is a gap`).toBeNull();
      else expect(got, `cell ${t},${x}`).toBeCloseTo(want, 3);
    }
  }
  // The same cells in the matrix: masked ones are empty, not the fill number.
  await page.getByTestId('view-matrix').click();
  const [mi] = masked as [number];
  await expect(page.getByTestId(`cell-${Math.floor(mi / nx)}-${mi % nx}`)).toHaveAttribute('data-value', '');
  expect(Number(await cellValue(page, 0, 0))).toBeCloseTo(num(temp.values[0]!), 3);

  // Raw values: the stored integers, and the fill value where the decoded view is masked.
  await page.getByTestId('raw-toggle').check();
  await expect(page.getByTestId(`cell-${Math.floor(mi / nx)}-${mi % nx}`)).toHaveAttribute(
    'data-value',
    String(zarray.fill_value),
  );
  const stored = Math.round((num(temp.values[0]!) - attrs.add_offset) / attrs.scale_factor);
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', String(stored));
  await page.getByTestId('raw-toggle').uncheck();
  await expect(page.getByTestId(`cell-${Math.floor(mi / nx)}-${mi % nx}`)).toHaveAttribute('data-value', '');
});

test('the time slider of a 360_day dataset shows its dates (2000-02-30 included)', async ({ page }) => {
  const times = decoded['/time']!.values.map((v) => String(v).slice(0, 10));
  expect(times).toContain('2000-02-30');
  await page.goto('/');
  await openUrl(page, URL);
  await selectPath(page, '/precip');
  // x along the x axis, no y: time becomes a slider.
  await page.getByTestId('x-dim').selectOption({ label: 'x' });
  await page.getByTestId('y-dim').selectOption({ label: 'none (line plot)' });
  const index = page.getByTestId('index-time');
  for (const i of [0, times.indexOf('2000-02-30'), times.length - 1]) {
    await index.fill(String(i));
    await expect(page.getByTestId('coord-time')).toContainText(times[i]!);
  }
});
