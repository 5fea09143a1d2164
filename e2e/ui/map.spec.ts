/**
 * The Map view on the ERA5-like and CMIP-like datasets (xarray-written, 0–360 longitudes): drawn in every projection with
 * coastlines, checked by pixels. Where Natural Earth's coastline (world-atlas 110m) passes, projected in Node with
 * the same d3 projection, the canvas holds the coastline colour; at open-ocean and inland points it holds the data's
 * colour. The map state is in the share link.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { geoDistance } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { makeProjection } from '../../src/geo/projection';
import { PROJECTIONS, type ProjectionName } from '../../src/geo/projection-names';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from './helpers';

const topo = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-110m.json'), 'utf8'),
) as Topology;
const land = feature(topo, topo.objects.land!) as GeoJSON.FeatureCollection;
// Coastline vertices of large land masses (rings of over 100 points), every 20th.
const coastPoints: [number, number][] = land.features
  .flatMap((f) =>
    f.geometry.type === 'MultiPolygon'
      ? f.geometry.coordinates.map((p) => p[0]!)
      : f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates[0]!]
        : [],
  )
  .filter((ring) => ring.length > 100)
  .flatMap((ring) => ring.filter((_, i) => i % 20 === 5))
  .map((p) => [p![0]!, p![1]!]);
const OCEAN: [number, number][] = [
  [-150, -30],
  [-30, 30],
  [80, -30],
  [-140, 20],
  [0, -50],
  [-40, -60],
];

async function pixels(page: Page, pts: [number, number][]): Promise<number[][]> {
  return page.getByTestId('map-canvas').evaluate((c, p) => {
    const ctx = (c as HTMLCanvasElement).getContext('2d')!;
    return p.map(([x, y]) => Array.from(ctx.getImageData(x - 1, y - 1, 3, 3).data));
  }, pts);
}

const isCoast = (block: number[]) => {
  for (let i = 0; i < block.length; i += 4)
    if (block[i]! < 60 && block[i + 1]! < 60 && block[i + 2]! < 60 && block[i + 3]! > 200) return true;
  return false;
};
const isData = (block: number[]) => block[16 + 3] === 255 && !isCoast(block.slice(16, 20));

async function check(page: Page, name: ProjectionName, center: [number, number]) {
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-projection', name);
  await expect(canvas).toHaveAttribute('data-center', center.join(','));
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const proj = makeProjection({ name, center, width: w, height: h });
  // Round projections: not within 10° of the horizon, where anti-aliasing of the clipped outline blurs pixels.
  const pole: [number, number] = name === 'north-polar' ? [0, 90] : name === 'south-polar' ? [0, -90] : center;
  const round = name === 'orthographic' || name.endsWith('-polar');
  const visible = (ll: [number, number]) => {
    if (round && geoDistance(ll, pole) > (80 * Math.PI) / 180) return null;
    const p = proj(ll);
    if (!p || !(p[0] > 3 && p[0] < w - 3 && p[1] > 3 && p[1] < h - 3)) return null;
    const back = proj.invert?.(p);
    return back && Math.abs(back[1] - ll[1]) < 0.01 ? ([Math.round(p[0]), Math.round(p[1])] as [number, number]) : null;
  };
  const coast = coastPoints.map(visible).filter((p): p is [number, number] => p !== null);
  const ocean = OCEAN.map(visible).filter((p): p is [number, number] => p !== null);
  expect(coast.length, `${name}: coastline points on the map`).toBeGreaterThan(5);
  expect(ocean.length, `${name}: ocean points on the map`).toBeGreaterThan(0);
  const cp = await pixels(page, coast);
  const hits = cp.filter(isCoast).length;
  expect(hits / coast.length, `${name}: coastline drawn at ${hits} of ${coast.length} coast points`).toBeGreaterThan(
    0.9,
  );
  const op = await pixels(page, ocean);
  expect(op.map(isData), `${name}: data colour at ocean points`).toEqual(op.map(() => true));
}

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
