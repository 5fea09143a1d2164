/**
 * The Map view on the ERA5-like and CMIP-like datasets (xarray-written, 0–360 longitudes): drawn in every projection with
 * coastlines, checked by pixels. Where Natural Earth's coastline (world-atlas 110m) passes, projected in Node with
 * the same d3 projection, the canvas holds the coastline colour; at open-ocean and inland points it holds the data's
 * colour. The map state is in the share link.
 */
import { expect, test } from '@playwright/test';
import { PROJECTIONS } from '../../src/geo/projection-names';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from './helpers';
import { zoomedProjection } from '../../src/geo/projection';
import {
  canvasProjection,
  check,
  coast50m,
  farFromCoast,
  framePoint,
  isCoast,
  isData,
  pixels,
  screenScale,
} from './map-helpers';

test('the map draws with coastlines in every projection (pixel checks); hover; state in the share link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/era5-like.zarr`);
  await selectPath(page, '/t');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByLabel('Coastlines')).toBeChecked();
  for (const name of PROJECTIONS) {
    await page.getByLabel('Projection').selectOption(name);
    await check(page, name, [0, 0]);
  }
  await page.getByLabel('Projection').selectOption('orthographic');
  await page.getByLabel('Centre longitude').fill('-100');
  await page.getByLabel('Centre latitude').fill('40');
  await check(page, 'orthographic', [-100, 40]);

  const canvas = page.getByTestId('map-canvas');
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const mid = await framePoint(page, w / 2, h / 2);
  await page.mouse.move(mid.x, mid.y);
  await expect(page.getByTestId('map-hover')).toHaveText(
    /^lat (39|40)\.\d\d°, lon -(99|100)\.\d\d°: [\d.]+ — Temperature \[K\]$/,
  );

  await expect(page).toHaveURL(/proj=orthographic/);
  await expect(page).toHaveURL(/ctr=-100%2C40|ctr=-100,40/);
  await page.getByLabel('Coastlines').uncheck();
  await expect(page).toHaveURL(/coast=0/);
  await page.reload();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-projection', 'orthographic');
  await expect(page.getByLabel('Coastlines')).not.toBeChecked();
});

test('the CMIP-like dataset (noleap, lat/lon with bounds) draws with coastlines in every projection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/cmip-like.zarr`);
  await selectPath(page, '/tas');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByLabel('Coastlines')).toBeChecked();
  for (const name of PROJECTIONS) {
    await page.getByLabel('Projection').selectOption(name);
    await check(page, name, [0, 0]);
  }
});

test('dragging the orthographic globe moves its centre (fields, share link and pixels follow)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/era5-like.zarr`);
  await selectPath(page, '/t');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await page.getByLabel('Projection').selectOption('orthographic');
  await check(page, 'orthographic', [0, 0]);
  const canvas = page.getByTestId('map-canvas');
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  // 60 × 40 CSS pixels right and down: the globe turns east-to-west and north-to-south under the pointer.
  const [dx, dy] = [60, 40];
  const k = 1 / (await screenScale(page));
  const deg = 180 / Math.PI / ((Math.min(w, h) - 4) / 2);
  const want: [number, number] = [Math.round(-dx * k * deg), Math.round(dy * k * deg)];
  const { x: x0, y: y0 } = await framePoint(page, w / 2, h / 2);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(x0 + (dx * i) / 6, y0 + (dy * i) / 6);
  await page.mouse.up();
  expect(want[0]).toBeLessThan(-5);
  expect(want[1]).toBeGreaterThan(3);
  await check(page, 'orthographic', want);
  await expect(page.getByLabel('Centre longitude')).toHaveValue(String(want[0]));
  await expect(page.getByLabel('Centre latitude')).toHaveValue(String(want[1]));
  await expect(page).toHaveURL(new RegExp(`ctr=${want[0]}(%2C|,)${want[1]}`));
  // A drag is not a click: no time series opened; a click on the globe is.
  await expect(page.getByRole('region', { name: /^Time series at/ })).toHaveCount(0);
  await page.mouse.click(x0, y0);
  await expect(page.getByRole('region', { name: /^Time series at/ })).toBeVisible();
});

test('zoom: the visible part is reprojected at the screen resolution with 50m coastlines (pixel checks)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/era5-like.zarr`);
  await selectPath(page, '/t');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await check(page, 'equirectangular', [0, 0]);
  await expect(page.getByTestId('map')).toHaveAttribute('data-zoomed', 'false');
  const { proj } = await canvasProjection(page, 'equirectangular', [0, 0]);
  // Plotly's zoom box from (10° W, 60° N) to (30° E, 35° N).
  const [a, b] = [proj([-10, 60])!, proj([30, 35])!];
  const from = await framePoint(page, a[0], a[1]);
  const to = await framePoint(page, b[0], b[1]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  await page.mouse.up();
  await expect(page.getByTestId('map')).toHaveAttribute('data-zoomed', 'true');
  const zoom = page.getByTestId('map-zoom');
  await expect(zoom).toHaveAttribute('data-rendered', /\d+/);
  await expect(zoom).toHaveAttribute('data-coast', '50m');
  const extent = (await zoom.getAttribute('data-extent'))!.split(',').map(Number) as [number, number, number, number];
  const size = await zoom.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  // Finer than the whole frame's pixels: at least 4 image pixels per frame pixel.
  expect(size[0] / (extent[2] - extent[0])).toBeGreaterThan(4);
  const w = Number(await page.getByTestId('map-canvas').getAttribute('data-width'));
  const h = Number(await page.getByTestId('map-canvas').getAttribute('data-height'));
  const zp = zoomedProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h }, extent, size);
  const inside = (ll: [number, number]) => {
    const p = zp(ll);
    return p && p[0] > 3 && p[1] > 3 && p[0] < size[0] - 3 && p[1] < size[1] - 3
      ? ([Math.round(p[0]), Math.round(p[1])] as [number, number])
      : null;
  };
  const coast = coast50m()
    .map(inside)
    .filter((p): p is [number, number] => p !== null);
  expect(coast.length).toBeGreaterThan(20);
  const hits = (await pixels(page, coast, 'map-zoom')).filter(isCoast).length;
  expect(hits / coast.length, `50m coastline drawn at ${hits} of ${coast.length} points`).toBeGreaterThan(0.9);
  const data = farFromCoast(
    [
      [-8, 46],
      [-20, 50],
      [5, 38],
      [18, 42],
      [25, 55],
    ],
    0.5,
  )
    .map(inside)
    .filter((p): p is [number, number] => p !== null);
  expect(data.length).toBeGreaterThan(2);
  const dp = await pixels(page, data, 'map-zoom');
  expect(dp.map(isData)).toEqual(dp.map(() => true));
  // Hover in the zoomed map: its latitude and longitude.
  const [hx, hy] = proj([12.5, 44.25])!;
  const at = await framePoint(page, hx, hy);
  await page.mouse.move(at.x, at.y);
  await expect(page.getByTestId('map-hover')).toHaveText(
    /^lat 44\.(2|3)\d°, lon 12\.(4|5)\d°: [\d.]+ — Temperature \[K\]$/,
  );
});
