/**
 * Fields on projected x/y with a CF grid mapping (fixtures/grid-mappings, written by xarray; positions from pyproj):
 * a GOES-like geostationary full disk and a CORDEX-like rotated pole without 2-D latitude/longitude. The Map is
 * offered and reprojects them; hovering each of ≥ 100 sampled cells (at pyproj's latitude/longitude) names that
 * cell — its x/y as stored and xarray's value — and the geostationary disk's corners have no earth behind them
 * (nothing drawn there). A malformed mapping keeps the native heatmap, with the problem named.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runPython } from '../../src/code/python-env';
import { makeProjection } from '../../src/geo/projection';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openMore, openUrl, selectPath } from '../ui/helpers';
import { framePoint, pixels } from '../ui/map-helpers';

interface Cell {
  row: number;
  col: number;
  x: number;
  y: number;
  value: number;
  lon: number | null;
  lat: number | null;
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/grid-mappings/expected.json'), 'utf8')) as {
  fixtures: Record<string, { cells: Cell[]; units: string }>;
};

async function openMap(page: Page, name: string) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/grid-mappings/${name}.zarr`);
  await selectPath(page, '/field');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'projected');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  return makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h });
}

/** Hovers every sampled cell with earth behind it at its pyproj position: the hover names the cell and its value. */
async function hoverCells(page: Page, name: string, proj: ReturnType<typeof makeProjection>) {
  const hover = page.getByTestId('map-hover');
  const cells = expected.fixtures[name]!.cells.filter((c) => c.lon !== null && c.lat !== null);
  expect(cells.length).toBeGreaterThanOrEqual(80);
  let n = 0;
  for (const c of cells) {
    const [fx, fy] = proj([c.lon!, c.lat!])!;
    const q = await framePoint(page, fx, fy);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toHaveText(/\(x .+, y .+\): /);
    const m = /\(x (\S+) .*?, y (\S+) .*?\): (\S+) —/.exec((await hover.textContent()) ?? '')!;
    const where = `${name} cell (${c.row}, ${c.col})`;
    // A pixel is a few kilometres across: the hover names this cell or, on its very edge, a neighbour.
    const xs = Number(m[1]!.replace('−', '-'));
    const ys = Number(m[2]!.replace('−', '-'));
    if (Math.abs(xs - c.x) <= 1e-4 * (1 + Math.abs(c.x)) && Math.abs(ys - c.y) <= 1e-4 * (1 + Math.abs(c.y))) {
      expect(Math.abs(Number(m[3]!.replace('−', '-')) - c.value), where).toBeLessThan(1e-3);
      n++;
    }
  }
  // Most sampled cells' centres are far from their edges at this zoom: nearly all are named exactly.
  expect(n).toBeGreaterThanOrEqual(Math.floor(cells.length * 0.9));
  return n;
}

test('a geostationary full disk: the Map reprojects it, the hover names every sampled cell on the disk, the corners show no earth', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const proj = await openMap(page, 'geostationary');
  await hoverCells(page, 'geostationary', proj);
  // Beyond the disk (the far side of the earth from 75° W): no data, nothing drawn.
  const far = proj([105, 0])!;
  const q = await framePoint(page, far[0], far[1]);
  await page.mouse.move(q.x, q.y);
  await expect(page.getByTestId('map-hover')).toHaveText(/: no data — /);
  const [block] = await pixels(page, [[Math.round(far[0]), Math.round(far[1])]]);
  expect(block![16 + 3]).not.toBe(255);
});

test('a rotated pole without 2-D latitude/longitude: the Map reprojects it through its grid mapping', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const proj = await openMap(page, 'rotated-pole');
  await hoverCells(page, 'rotated-pole', proj);
});

test('a geostationary view given by WKT alone (GDAL’s WKT1, x/y in metres): the Map reprojects it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const proj = await openMap(page, 'geostationary-wkt1-gdal');
  await hoverCells(page, 'geostationary-wkt1-gdal', proj);
});

test('a malformed grid mapping: the field is shown on its own axes and the problem is named', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/grid-mappings/malformed-missing-parameter.zarr`);
  await selectPath(page, '/field');
  await expect(page.getByTestId('grid-mapping-problem')).toContainText(
    '/crs: grid mapping lambert_conformal_conic needs standard_parallel',
  );
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveCount(0);
});

test('the Map’s Code gives cartopy code with the mapping’s class and the Map’s projection, and it draws the map', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openMap(page, 'geostationary');
  await page.getByLabel('Projection').selectOption('robinson');
  await openMore(page);
  await page.getByRole('button', { name: 'Code' }).click();
  const code = await page.getByTestId('code-map').innerText();
  expect(code).toContain(
    'crs = ccrs.Geostationary(central_longitude=-75.0, satellite_height=35786023.0, sweep_axis="x"',
  );
  expect(code).toContain('ax = plt.axes(projection=ccrs.Robinson())');
  expect(code).toContain(`"${STATIC_URL}/fixtures/grid-mappings/geostationary.zarr"`);
  const dir = mkdtempSync(path.join(tmpdir(), 'zarrview-map-code-'));
  try {
    // Natural Earth's coastlines are not on this machine and are not fetched: coastlines() draws nothing here.
    const patch = ['import matplotlib', 'matplotlib.use("Agg")', 'import cartopy.mpl.geoaxes as _g'];
    patch.push('_g.GeoAxes.coastlines = lambda self, *a, **k: None');
    await runPython([...patch, code].join('\n'), 90_000, dir);
    expect(statSync(path.join(dir, 'map.png')).size).toBeGreaterThan(1000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The Map's code only: the heatmap of the same field has none.
  await page.getByTestId('view-heatmap').click();
  await expect(page.getByTestId('code-xarray')).toBeVisible();
  await expect(page.getByTestId('code-map')).toHaveCount(0);
});
