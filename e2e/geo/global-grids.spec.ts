/**
 * The Map of HEALPix and reduced Gaussian grids (fixtures/global-grids, scripts/fixtures/make-global-grids.py):
 * a nested HEALPix pyramid written by xarray (zoom_0 … zoom_4 groups; the screen picks nside 16 whichever level is
 * selected), a ring-ordered field (nside 12) and the O32 and N32 grids as CDO writes them. At every sampled point
 * whose pixel lies inside the cell healpy (or the script's ring lookup) gives — the point's margin to its cell's
 * edge exceeds its distance to the pixel's centre, ≥ 100 points — the canvas holds the colour of that cell's value.
 * Hover names the cell (`HEALPix nest nside 16 cell 123`); a click gives its series. Opened on a coarser level (a
 * share link), the Map reads only the level it draws (the static server's log: no chunk of the selected level
 * before the picture), and a click gives the series of the selected level's cell under the point (healpy's). The
 * Overview and the Report name the grid, and nested ordering with nside 12 as a problem.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeProjection } from '../../src/geo/projection';
import type { LogEntry } from '../harness/static-server';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows, showMetadata } from '../ui/helpers';
import { valueColour } from '../ui/map-colours';
import { framePoint, pixels } from '../ui/map-helpers';

interface Case {
  lon: number[];
  lat: number[];
  cell: number[];
  value: number[];
  margin: number[];
  range: [number, number];
  series?: number[][];
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/global-grids/expected.json'), 'utf8')) as {
  healpix: Record<string, Case>;
  gaussian: Record<string, Case>;
};

/** The value's colour (range `[lo, hi]`), or the same under the graticule's half-transparent grey. */
function sameColour(px: number[], v: number, [lo, hi]: [number, number]): boolean {
  const c = valueColour(v, [lo, hi]);
  const near = (want: number[]) => want.every((x, i) => Math.abs(x - px[i]!) <= 1);
  return px[3] === 255 && (near(c) || near(c.map((x) => (x + 90) / 2)));
}

type Project = ((p: [number, number]) => [number, number] | null) & {
  invert?: (p: [number, number]) => [number, number] | null;
};

/** Within 1.2° of a multiple of `step`. */
const nearLine = (v: number, step: number) => Math.abs(v - step * Math.round(v / step)) < 1.2;

/**
 * The sampled points whose pixel is certainly in the point's cell, and that pixel; not under the graticule (its
 * anti-aliased lines every 30° of latitude and 15°, 30° or 45° of longitude blend with the cell's colour).
 */
function safePixels(proj: Project, w: number, h: number, c: Case) {
  return c.lon.flatMap((lon, i) => {
    const lat = c.lat[i]!;
    if (nearLine(lat, 30) || nearLine(lon, 15)) return [];
    const xy = proj([lon, lat]);
    if (!xy) return [];
    const [px, py] = [Math.floor(xy[0]), Math.floor(xy[1])];
    if (px < 2 || py < 2 || px > w - 3 || py > h - 3) return [];
    const back = proj.invert?.([px + 0.5, py + 0.5]);
    if (!back) return [];
    const dLon = (back[0] - lon - 360 * Math.round((back[0] - lon) / 360)) * Math.cos((lat * Math.PI) / 180);
    const ok = Math.hypot(dLon, back[1] - lat) < c.margin[i]! - 0.05;
    return ok ? [{ i, at: [px, py] as [number, number] }] : [];
  });
}

async function openMap(page: Page, file: string, variable: string, grid: string) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/global-grids/${file}`);
  await selectPath(page, variable);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', grid);
  await page.getByLabel('Coastlines').uncheck();
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  return { w, h, proj: makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h }) as Project };
}

async function checkColours(page: Page, c: Case, proj: Project, w: number, h: number) {
  const safe = safePixels(proj, w, h, c);
  expect(safe.length).toBeGreaterThanOrEqual(100);
  // Painted after the coastlines were switched off: poll until every sampled pixel holds its colour.
  await expect
    .poll(async () => {
      const got = await pixels(
        page,
        safe.map((s) => s.at),
      );
      return safe
        .filter((s, k) => !sameColour(got[k]!.slice(16, 20), c.value[s.i]!, c.range))
        .map((s) => `cell ${c.cell[s.i]} at ${c.lon[s.i]!.toFixed(2)},${c.lat[s.i]!.toFixed(2)}`);
    })
    .toEqual([]);
}

/** The pyramid's zoom levels whose chunks of `tas` the static server sent since `since` (ms since the epoch). */
async function levelsRead(since: number): Promise<string[]> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as LogEntry[];
  const chunk = /\/fixtures\/global-grids\/healpix-pyramid\.zarr\/(zoom_\d+)\/tas\/\d+\.\d+$/;
  const zooms = log.filter((e) => e.time >= since && e.status < 300).map((e) => chunk.exec(e.path)?.[1]);
  return [...new Set(zooms.filter((z) => z !== undefined))].sort();
}

test('a HEALPix nested pyramid: the screen picks nside 16 and each cell has its value’s colour (≥ 100 points healpy placed)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A coarse level is selected; the Map shows the level the screen needs (zoom_4, nside 16).
  const { w, h, proj } = await openMap(page, 'healpix-pyramid.zarr', '/zoom_2/tas', 'healpix');
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-cells', 'HEALPix nest nside 16');
  await checkColours(page, expected.healpix['healpix-pyramid.zarr/zoom_4/tas']!, proj, w, h);
});

test('HEALPix pyramid from a share link on a coarse level: only the level drawn is read; a click gives the selected level’s cell series', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const since = Date.now();
  const link = new URLSearchParams({
    url: `${STATIC_URL}/fixtures/global-grids/healpix-pyramid.zarr`,
    var: '/zoom_2/tas',
    x: 'cell',
  });
  link.set('view', 'map');
  await page.goto(`/#${link}`);
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-cells', 'HEALPix nest nside 16');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  // The first picture read zoom_4's chunk (the level the screen needs) and none of zoom_2's (the selected level).
  expect(await levelsRead(since)).toEqual(['zoom_4']);

  // A click on the nside 16 cells drawn: the series of the nside 4 cell under the point, as healpy places it.
  await page.getByLabel('Coastlines').uncheck();
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const proj = makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h }) as Project;
  const fine = expected.healpix['healpix-pyramid.zarr/zoom_4/tas']!;
  const coarse = expected.healpix['healpix-pyramid.zarr/zoom_2/tas']!;
  // A point whose nside 4 cell's series is not its nside 16 cell's: the click must not give the level drawn.
  const differs = (k: number) => coarse.series![k]!.join() !== fine.series![k]!.join();
  const { i, at } = safePixels(proj, w, h, fine).filter((s) => fine.margin[s.i]! > 0.8 && differs(s.i))[2]!;
  const q = await framePoint(page, at[0] + 0.5, at[1] + 0.5);
  await page.mouse.click(q.x, q.y);
  const region = page.getByRole('region', {
    name: new RegExp(`^Time series at HEALPix nest nside 4 cell ${coarse.cell[i]} \\(`),
  });
  await expect(region).toBeVisible();
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = await seriesCsvRows(region);
  expect(rows.slice(1).map((r) => Number(r.split(',')[1]))).toEqual(coarse.series![i]);

  // Exports are of the selected level: offered once its slice is read, on request (192 cells of nside 4).
  await expect(page.getByTestId('export-csv')).toHaveCount(0);
  const asked = Date.now();
  await page.getByTestId('level-read-whole').click();
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  await expect(page.getByTestId('export-npy')).toBeEnabled();
  expect(await levelsRead(asked)).toContain('zoom_2');
  await expect(canvas).toHaveAttribute('data-cells', 'HEALPix nest nside 16');
});

test('HEALPix: hover names the cell and its value; a click gives the cell’s series', async ({ page }) => {
  test.setTimeout(90_000);
  const c = expected.healpix['healpix-pyramid.zarr/zoom_4/tas']!;
  const { w, h, proj } = await openMap(page, 'healpix-pyramid.zarr', '/zoom_4/tas', 'healpix');
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-cells', 'HEALPix nest nside 16');
  const safe = safePixels(proj, w, h, c).filter((s) => c.margin[s.i]! > 0.8);
  const hover = page.getByTestId('map-hover');
  for (const { i, at } of safe.slice(0, 5)) {
    const q = await framePoint(page, at[0] + 0.5, at[1] + 0.5);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toHaveText(
      new RegExp(`\\(HEALPix nest nside 16 cell ${c.cell[i]} \\(.*\\)\\): ${c.value[i]} — `),
    );
  }
  const { i, at } = safe[3]!;
  const q = await framePoint(page, at[0] + 0.5, at[1] + 0.5);
  await page.mouse.click(q.x, q.y);
  const region = page.getByRole('region', {
    name: new RegExp(`^Time series at HEALPix nest nside 16 cell ${c.cell[i]} \\(`),
  });
  await expect(region).toBeVisible();
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = await seriesCsvRows(region);
  expect(rows.slice(1).map((r) => Number(r.split(',')[1]))).toEqual(c.series![i]);
});

test('a ring-ordered HEALPix field (nside 12) draws each cell in its value’s colour', async ({ page }) => {
  test.setTimeout(120_000);
  const { w, h, proj } = await openMap(page, 'healpix-ring.nc', '/pattern', 'healpix');
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-cells', 'HEALPix ring nside 12');
  await checkColours(page, expected.healpix['healpix-ring.nc/pattern']!, proj, w, h);
});

for (const name of ['o32', 'n32'])
  test(`the reduced Gaussian grid ${name.toUpperCase()} draws each point’s cell in its value’s colour`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { w, h, proj } = await openMap(page, `${name}.nc`, '/field', 'gaussian');
    await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-cells', `Gaussian ${name.toUpperCase()}`);
    await checkColours(page, expected.gaussian[`${name}.nc/field`]!, proj, w, h);
  });

test('the Overview and the Report name the grid; nested ordering with nside 12 is named as the problem', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/global-grids/healpix-pyramid.zarr`);
  await selectPath(page, '/zoom_3/tas');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('overview-grid')).toHaveText(
    'HEALPix nested, nside 8 (768 cells), a pyramid of 5 levels (nside 16, 8, 4, 2, 1)',
  );
  await page.getByRole('tab', { name: 'Report' }).click();
  await expect(page.locator('li.finding[data-code=mesh]')).toContainText('HEALPix nested, nside 8');

  await openUrl(page, `${STATIC_URL}/fixtures/global-grids/healpix-bad-nside.nc`);
  await selectPath(page, '/pattern');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Report' }).click();
  await expect(page.locator('li.finding[data-code=mesh-invalid]')).toContainText(
    'nside 12 is not a power of two, which nested ordering needs',
  );
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('overview-grid')).toContainText('HEALPix grid, not drawn:');

  await openUrl(page, `${STATIC_URL}/fixtures/global-grids/o32.nc`);
  await selectPath(page, '/field');
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('overview-grid')).toHaveText('reduced Gaussian grid O32: 5,248 points');
});
