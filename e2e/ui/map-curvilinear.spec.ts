/**
 * The Map of a curvilinear grid: fixtures/xarray-world/rotated-pole.zarr (xarray-written, a EURO-CORDEX-like
 * rotated pole, 2-D lat/lon named by `tas:coordinates`). Offered as Map, drawn in every projection with coastlines
 * (pixel checks: the data's colour at xarray's probe cells, nothing off the grid), hover gives the probe cells'
 * latitude, longitude and value as xarray reads them, and a click gives the cell's series.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeProjection } from '../../src/geo/projection';
import { PROJECTIONS } from '../../src/geo/projection-names';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from './helpers';
import { check, farFromCoast, framePoint } from './map-helpers';

interface Probe {
  index: [number, number];
  lat: number;
  lon: number;
  value: number;
  series: number[];
}
const expected = JSON.parse(
  readFileSync(path.join(ROOT, 'fixtures/xarray-world/rotated-pole.expected.json'), 'utf8'),
) as { probes: Probe[] };
// Probe cells away from the coastlines drawn over them.
const DATA = farFromCoast(
  expected.probes.map((p): [number, number] => [p.lon, p.lat]),
  1.5,
);
// Open ocean far from the grid.
const OFF: [number, number][] = [
  [-150, -30],
  [-30, -20],
  [80, -30],
  [-140, 20],
  [170, 0],
];
const six = (v: number) => Number(v.toPrecision(6)).toString();

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/rotated-pole.zarr`);
  await selectPath(page, '/tas');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-grid', 'curvilinear');
});

test('a rotated-pole grid draws with coastlines in every projection (pixel checks at probe cells and off the grid)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expect(page.getByLabel('Coastlines')).toBeChecked();
  for (const name of PROJECTIONS) {
    await page.getByLabel('Projection').selectOption(name);
    // Europe is not on the south polar map: there only the coastlines and nothing else.
    const n = await check(page, name, [0, 0], { data: name === 'south-polar' ? [] : DATA, empty: OFF });
    if (name !== 'south-polar') expect(n.data, name).toBeGreaterThanOrEqual(6);
  }
  await page.getByLabel('Projection').selectOption('orthographic');
  await page.getByLabel('Centre longitude').fill('15');
  await page.getByLabel('Centre latitude').fill('50');
  const n = await check(page, 'orthographic', [15, 50], {
    data: DATA,
    empty: [
      [-150, -30],
      [80, -30],
      [170, 0],
    ],
  });
  expect(n.data).toBe(DATA.length);
  expect(DATA.length).toBeGreaterThanOrEqual(6);
});

test('hover gives latitude, longitude and the value xarray reads at each probe cell; a click gives its series', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const proj = makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h });
  const at = (p: Probe) => {
    const [x, y] = proj([p.lon, p.lat])!;
    return framePoint(page, x, y);
  };
  const hover = page.getByTestId('map-hover');
  for (const p of expected.probes) {
    const q = await at(p);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toHaveText(/^lat -?[\d.]+°, lon -?[\d.]+°: [\d.]+ — Near-Surface Air Temperature \[K\]$/);
    const m = /^lat (-?[\d.]+)°, lon (-?[\d.]+)°: ([\d.]+)/.exec((await hover.textContent()) ?? '')!;
    expect(Math.abs(Number(m[1]) - p.lat), `lat at ${p.index.join(',')}`).toBeLessThan(0.5);
    expect(Math.abs(Number(m[2]) - p.lon), `lon at ${p.index.join(',')}`).toBeLessThan(0.5);
    expect(Math.abs(Number(m[3]) - p.value), `value at ${p.index.join(',')}`).toBeLessThan(1e-3);
  }
  // The map opens zoomed to the grid: off the grid but in view, the south-west corner of its latitude/longitude box.
  const off = await at({ lat: 23, lon: -42 } as Probe);
  await page.mouse.move(off.x, off.y);
  await expect(hover).toHaveText(/: no data — /);

  const p = expected.probes[7]!;
  const c = await at(p);
  await page.mouse.click(c.x, c.y);
  const region = page.getByRole('region', { name: `Time series at (${six(p.lat)}, ${six(p.lon)})` });
  await expect(region).toBeVisible();
  // Small: read at once, no Read series to click.
  await expect(region.getByTestId('series-read')).toHaveCount(0);
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = await seriesCsvRows(region);
  expect(rows).toHaveLength(p.series.length + 1);
  rows.slice(1).forEach((r, i) => expect(Math.abs(Number(r.split(',')[1]) - p.series[i]!)).toBeLessThan(1e-3));
});
