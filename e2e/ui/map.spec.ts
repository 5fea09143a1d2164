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
import { check } from './map-helpers';

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
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await canvas.hover({ position: { x: box.width / 2, y: box.height / 2 } });
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
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  // 60 × 40 CSS pixels right and down: the globe turns east-to-west and north-to-south under the pointer.
  const [dx, dy] = [60, 40];
  const k = w / box.width;
  const deg = 180 / Math.PI / ((Math.min(w, h) - 4) / 2);
  const want: [number, number] = [Math.round(-dx * k * deg), Math.round(dy * k * deg)];
  const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
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
  // A drag is not a click: no time series opened.
  await expect(page.getByRole('region', { name: /^Time series at/ })).toHaveCount(0);
});
