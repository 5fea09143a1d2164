/**
 * CF simple geometries on the Map: fixtures/geometries/ (scripts/fixtures/make-geometries.py, netCDF4-python; the
 * polygon holding each sample point as shapely finds it, expected.json). The polygons, zoomed in, are filled in the
 * colour of their value at the time slider's step at every sample point shapely puts in them, and empty in their
 * holes and outside; hover names the polygon by its index, id and name; a click gives its series, equal to
 * netCDF4-python's values; projected nodes are placed through their grid mapping; lines and points are drawn at
 * their nodes; a malformed container's problem is named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeProjection, zoomedProjection, type ProjectionSpec } from '../../src/geo/projection';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from '../ui/helpers';
import { framePoint, pixels } from '../ui/map-helpers';
import { valueColour } from '../ui/map-colours';

interface Expected {
  variable: string;
  instances: { id?: string; name?: string; x?: number; y?: number; values: number[] }[];
  samples?: { lon: number; lat: number; instance: number; distance: number; hole: boolean }[];
  variables?: Record<string, string>;
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/geometries/expected.json'), 'utf8')) as Record<
  string,
  Expected
>;
const polygons = expected['polygons.nc']!;

/** The viridis colour the Map paints for `v` over `[lo, hi]` (e2e/ui/map-colours.ts). */
const colourOf = (v: number, lo: number, hi: number) => valueColour(v, [lo, hi]);

async function openMap(page: Page, file: string, variable: string) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/geometries/${file}`);
  await selectPath(page, variable);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
}

/** The canvas's projection once drawn, and frame pixels of (lon, lat). */
async function projected(page: Page) {
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'geometry');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const name = (await canvas.getAttribute('data-projection')) as ProjectionSpec['name'];
  const center = (await canvas.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const width = Number(await canvas.getAttribute('data-width'));
  const height = Number(await canvas.getAttribute('data-height'));
  const spec: ProjectionSpec = { name, center, width, height };
  const proj = makeProjection(spec);
  return { spec, at: (lon: number, lat: number) => proj([lon, lat])! };
}

/** The sample point of each polygon farthest from any ring (the safest place to point at). */
const inner = (i: number) =>
  polygons.samples!.filter((s) => s.instance === i).sort((a, b) => b.distance - a.distance)[0]!;

test('polygons zoomed in: every sample point in its polygon’s value colour at the slider’s step, holes empty', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openMap(page, 'polygons.nc', polygons.variable);
  await expect(page.getByTestId('map')).toHaveAttribute('data-geometry', 'polygon');
  await expect(page.getByTestId('y-dim')).toHaveValue('');
  const step = 2;
  await page.getByTestId('index-time').fill(String(step));
  const { at, spec } = await projected(page);
  const [a, b] = [at(-101, 47), at(-79, 29)];
  const from = await framePoint(page, a[0], a[1]);
  const to = await framePoint(page, b[0], b[1]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  await page.mouse.up();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-extent', /,/);
  const extent = (await canvas.getAttribute('data-extent'))!.split(',').map(Number) as [number, number, number, number];
  const size = await canvas.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  const zp = zoomedProjection(spec, extent, size);
  // At least 8 screen pixels per degree: the samples 0.3° from any ring are ≥ 2 pixels inside or outside it.
  expect(zp([-90, 40])![0] - zp([-91, 40])![0]).toBeGreaterThan(8);
  const values = polygons.instances.map((p) => p.values[step]!);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const fills = values.map((v) => colourOf(v, lo, hi));
  const samples = polygons.samples!.filter((s) => s.distance > 0.3);
  expect(samples.length).toBeGreaterThanOrEqual(100);
  expect(samples.filter((s) => s.hole).length).toBeGreaterThan(5);
  const xy = samples.map((s) => zp([s.lon, s.lat])!.map(Math.floor) as [number, number]);
  const want = samples.map((s) => (s.instance >= 0 ? fills[s.instance]! : 'empty'));
  const read = async () =>
    (await pixels(page, xy)).map((block) => {
      const rgb = block.slice(16, 19);
      const fill = fills.find((f) => f.every((c, i) => c === rgb[i]));
      return fill && block[19] === 255 ? fill : 'empty';
    });
  await expect.poll(read, { timeout: 20_000 }).toEqual(want);
});

test('hover names each polygon and its value, none in a hole; a click gives its series as netCDF4-python reads it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openMap(page, 'polygons.nc', polygons.variable);
  const { at } = await projected(page);
  const hover = page.getByTestId('map-hover');
  for (const [i, p] of polygons.instances.entries()) {
    const s = inner(i);
    const [fx, fy] = at(s.lon, s.lat);
    const q = await framePoint(page, fx, fy);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toContainText(`instance ${i} (${p.id} ${p.name}): ${p.values[0]} — `);
    // The hole of polygon 0, then polygon 1's: nothing named.
    const hole = polygons.samples!.filter((h) => h.hole).sort((x, y) => y.distance - x.distance)[0]!;
    const [hx, hy] = at(hole.lon, hole.lat);
    const h = await framePoint(page, hx, hy);
    await page.mouse.move(h.x, h.y);
    await expect(hover).toHaveText('');
  }
  for (const i of [1, 3]) {
    const p = polygons.instances[i]!;
    const s = inner(i);
    const [fx, fy] = at(s.lon, s.lat);
    const q = await framePoint(page, fx, fy);
    await page.mouse.click(q.x, q.y);
    const region = page.getByRole('region', { name: `Time series at instance ${i} (${p.id} ${p.name})` });
    await expect(region).toBeVisible();
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    const rows = await seriesCsvRows(region);
    expect(rows).toHaveLength(p.values.length + 1);
    expect(rows.slice(1).map((r) => Number(r.split(',')[1]))).toEqual(p.values);
  }
});

test('projected nodes (Lambert conformal conic) are placed by their grid mapping: hover names each polygon', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openMap(page, 'polygons-lcc.nc', '/pr');
  await expect(page.getByTestId('map')).toHaveAttribute('data-geometry', 'polygon');
  const { at } = await projected(page);
  for (const i of [0, 1, 2, 3]) {
    const s = inner(i);
    const [fx, fy] = at(s.lon, s.lat);
    const q = await framePoint(page, fx, fy);
    await page.mouse.move(q.x, q.y);
    await expect(page.getByTestId('map-hover')).toContainText(`instance ${i}: ${i + 1} — `);
  }
});

test('lines of several parts are stroked in their values’ colours; hover names the line under the pointer', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const e = expected['lines.nc']!;
  await openMap(page, 'lines.nc', e.variable);
  await expect(page.getByTestId('map')).toHaveAttribute('data-geometry', 'line');
  const { at } = await projected(page);
  const values = e.instances.map((l) => l.values[0]!);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  // Mid-segment of each line: line 0's first segment, line 1's second part, line 2's first segment.
  const mids: [number, number][] = [
    [-97.5, 32.5],
    [-81.5, 32],
    [-95, 45],
  ];
  const xy = mids.map(([lon, lat]) => at(lon, lat).map(Math.floor) as [number, number]);
  await expect
    .poll(async () => (await pixels(page, xy)).map((b) => b.slice(16, 19)), { timeout: 20_000 })
    .toEqual(values.map((v) => colourOf(v, lo, hi)));
  for (const [i, [lon, lat]] of mids.entries()) {
    const [fx, fy] = at(lon, lat);
    const q = await framePoint(page, fx, fy);
    await page.mouse.move(q.x, q.y);
    await expect(page.getByTestId('map-hover')).toContainText(`instance ${i}: ${values[i]} — `);
  }
});

test('points are drawn at their nodes in their values’ colours and named by their ids', async ({ page }) => {
  test.setTimeout(60_000);
  const e = expected['points.nc']!;
  await openMap(page, 'points.nc', e.variable);
  await expect(page.getByTestId('map')).toHaveAttribute('data-geometry', 'point');
  const { at } = await projected(page);
  const values = e.instances.map((p) => p.values[0]!);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const centres = e.instances.map((p) => at(p.x!, p.y!).map(Math.floor) as [number, number]);
  await expect
    .poll(async () => (await pixels(page, centres)).map((b) => b.slice(16, 19)), { timeout: 20_000 })
    .toEqual(values.map((v) => colourOf(v, lo, hi)));
  const [fx, fy] = at(e.instances[3]!.x!, e.instances[3]!.y!);
  const q = await framePoint(page, fx, fy);
  await page.mouse.move(q.x, q.y);
  await expect(page.getByTestId('map-hover')).toContainText(`instance 3 (${e.instances[3]!.id}): ${values[3]} — `);
});

test('malformed containers: the Map names the variable whose counts do not add up, or the missing node coordinate', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const names = expected['bad.nc']!.variables!;
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/geometries/bad.nc`);
  for (const v of ['/bad_parts', '/bad_nodes', '/bad_ring', '/bad_coord']) {
    await selectPath(page, v);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page.getByTestId('map').getByRole('alert')).toContainText(names[v]!);
  }
});
