/**
 * CF discrete sampling geometries on the Map: fixtures/dsg/ (scripts/fixtures/make-dsg.py, netCDF4-python; expected
 * positions, ids and values as netCDF4-python reads them, expected.json). The timeSeries file's stations are one
 * disc each at netCDF4-python's latitude/longitude, in the colour of the value at the time slider's step; hover
 * names the station; a click gives its series, equal to netCDF4-python's. The contiguous ragged trajectories are
 * drawn observation by observation, hover names the trajectory; counts that do not add up are named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeProjection, zoomedProjection } from '../../src/geo/projection';
import { isProjectionName } from '../../src/geo/projection-names';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from '../ui/helpers';
import { framePoint, pixels } from '../ui/map-helpers';
import { valueColour } from '../ui/map-colours';
import { coloursAt } from './dsg-helpers';

interface Instance {
  id: string;
  name?: string;
  lat?: number;
  lon?: number;
  values?: (number | null)[];
  obs?: { index: number; lat: number; lon: number; value: number }[];
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/dsg/expected.json'), 'utf8')) as Record<
  string,
  {
    variable: string;
    instances: Instance[];
    points?: { lat: number | null; lon: number; value: number }[];
    sum: number;
    obs: number;
  }
>;
const stations = expected['stations-ts.nc']!;

/** The viridis colour the Map paints for `v` over `[lo, hi]` (e2e/ui/map-colours.ts). */
const colourOf = (v: number, lo: number, hi: number) => valueColour(v, [lo, hi]);

/** Opens a fixture's variable on the Map (a 2-D variable first shown along `along` alone). */
async function openMap(page: Page, file: string, variable: string, along?: string) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/dsg/${file}`);
  await selectPath(page, variable);
  if (along) {
    await page.getByTestId('x-dim').selectOption({ label: along });
    await page.getByTestId('y-dim').selectOption({ value: '' });
  }
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'dsg');
  return canvas;
}

/** The frame pixel of each mark (the canvas's projection), and the marks the view says it drew. */
async function projected(page: Page) {
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const name = (await canvas.getAttribute('data-projection'))!;
  expect(isProjectionName(name)).toBe(true);
  const center = (await canvas.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const width = Number(await canvas.getAttribute('data-width'));
  const height = Number(await canvas.getAttribute('data-height'));
  const proj = makeProjection({ name: name as 'equirectangular', center, width, height });

  const marks = JSON.parse((await canvas.getAttribute('data-marks'))!) as [number, number][];
  const spec = { name: name as 'equirectangular', center, width, height };
  return { marks, spec, at: (lon: number, lat: number) => proj([lon, lat])! };
}

test('timeSeries stations: one disc per station at its place, in its value’s colour at the slider’s time', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openMap(page, 'stations-ts.nc', stations.variable, 'station');
  const step = 4;
  await page.getByTestId('index-time').fill(String(step));
  await expect(page.getByTestId('map')).toHaveAttribute('data-dsg', 'timeSeries');
  const canvas = page.getByTestId('map-canvas');
  const before = Number(await canvas.getAttribute('data-rendered'));
  const { marks, at } = await projected(page);
  expect(marks).toEqual(stations.instances.map((s) => [s.lon, s.lat]));
  const values = stations.instances.map((s) => s.values![step]!);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const centres = stations.instances.map((s) => at(s.lon!, s.lat!));
  const px = (pts: [number, number][]) =>
    pixels(
      page,
      pts.map(([x, y]) => [Math.floor(x), Math.floor(y)]),
    );
  await expect
    .poll(async () => (await px(centres)).map((b) => b.slice(16, 19)), { timeout: 20_000 })
    .toEqual(values.map((v) => colourOf(v, lo, hi)));
  expect(Number(await canvas.getAttribute('data-rendered'))).toBeGreaterThanOrEqual(before);
  // Another step recolours the discs.
  await page.getByTestId('index-time').fill('0');
  const first = stations.instances.map((s) => s.values![0]!);
  await expect
    .poll(async () => (await px(centres)).map((b) => b.slice(16, 19)))
    .toEqual(first.map((v) => colourOf(v, Math.min(...first), Math.max(...first))));
});

test('hover names each station and its value; a click gives the station’s series as netCDF4-python reads it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openMap(page, 'stations-ts.nc', stations.variable, 'station');
  const { at } = await projected(page);
  const hover = page.getByTestId('map-hover');
  for (const s of stations.instances) {
    const [fx, fy] = at(s.lon!, s.lat!);
    const q = await framePoint(page, fx, fy);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toContainText(`${s.id} ${s.name} (lat ${s.lat!.toFixed(2)}°, lon ${s.lon!.toFixed(2)}°): `);
    const v = s.values![0];
    await expect(hover).toContainText(`: ${v === null ? 'no data' : String(v)} — `);
  }
  for (const s of [stations.instances[2]!, stations.instances[3]!]) {
    const [fx, fy] = at(s.lon!, s.lat!);
    const q = await framePoint(page, fx, fy);
    await page.mouse.click(q.x, q.y);
    const region = page.getByRole('region', { name: `Time series at ${s.id} ${s.name}` });
    await expect(region).toBeVisible();
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    const rows = await seriesCsvRows(region);
    expect(rows).toHaveLength(s.values!.length + 1);
    const got = rows.slice(1).map((r) => r.split(',')[1] ?? '');
    expect(got.map((g) => (g === '' ? null : Number(g)))).toEqual(s.values);
  }
});

test('the Map from the heatmap of stations and times shows the stations alone, time on its slider', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/dsg/stations-ts.nc`);
  await selectPath(page, stations.variable);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-grid', 'dsg');
  await expect(page.getByTestId('x-dim')).toHaveValue('0');
  await expect(page.getByTestId('y-dim')).toHaveValue('');
  await expect(page.getByTestId('index-time')).toBeVisible();
  const { marks } = await projected(page);
  expect(marks).toHaveLength(stations.instances.length);
});

test('a zoom draws the stations again at the screen’s resolution; hover still names them', async ({ page }) => {
  test.setTimeout(90_000);
  await openMap(page, 'stations-ts.nc', stations.variable, 'station');
  const { at, spec } = await projected(page);
  // Plotly's zoom box over Europe and the North Atlantic (40° W … 40° E, 70° N … 30° N).
  const [a, b] = [at(-40, 70), at(40, 30)];
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
  expect(size[0] / (extent[2] - extent[0])).toBeGreaterThan(2);
  const zp = zoomedProjection(spec, extent, size);
  const london = stations.instances[1]!;
  const first = stations.instances.map((s) => s.values![0]!);
  const xy = zp([london.lon!, london.lat!])!.map(Math.floor) as [number, number];
  const got = await pixels(page, [xy]);
  expect(got[0]!.slice(16, 19)).toEqual(colourOf(london.values![0]!, Math.min(...first), Math.max(...first)));
  const [fx, fy] = at(london.lon!, london.lat!);
  const q = await framePoint(page, fx, fy);
  await page.mouse.move(q.x, q.y);
  await expect(page.getByTestId('map-hover')).toContainText(`${london.id} ${london.name} (`);
});

test('points: each at its place in its value’s colour; the one without a latitude is named, not drawn', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const e = expected['points.nc']!;
  await openMap(page, 'points.nc', e.variable);
  await expect(page.getByTestId('map')).toHaveAttribute('data-dsg', 'point');
  const { marks, at } = await projected(page);
  expect(marks).toEqual(e.points!.map((p) => (p.lat === null ? [null, null] : [p.lon, p.lat])));
  const missing = e.points!.flatMap((p, k) => (p.lat === null ? [k] : []));
  await expect(page.getByTestId('map-grid-problems')).toContainText(`are not drawn: ${missing.join(', ')}.`);
  const placed = e.points!.filter((p) => p.lat !== null);
  const values = e.points!.map((p) => p.value);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const got = await pixels(
    page,
    placed.map((p) => at(p.lon, p.lat!).map(Math.floor) as [number, number]),
  );
  expect(got.map((px) => px.slice(16, 19))).toEqual(placed.map((p) => colourOf(p.value, lo, hi)));
});

test('contiguous ragged trajectories: every observation drawn at its place; hover names its trajectory', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const e = expected['trajectories-ragged.nc']!;
  await openMap(page, 'trajectories-ragged.nc', e.variable);
  await expect(page.getByTestId('map')).toHaveAttribute('data-layout', 'contiguous');
  const { marks, at } = await projected(page);
  const obs = e.instances.flatMap((t) => t.obs!.map((o) => ({ ...o, id: t.id })));
  expect(marks).toEqual([...obs].sort((a, b) => a.index - b.index).map((o) => [o.lon, o.lat]));
  const values = obs.map((o) => o.value);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  // The Map opens framed on the drifters: the canvas is then the zoom's image (coloursAt reads either).
  await expect
    .poll(
      () =>
        coloursAt(
          page,
          obs.map((o) => [o.lon, o.lat]),
        ),
      { timeout: 20_000 },
    )
    .toEqual(values.map((v) => colourOf(v, lo, hi)));
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-extent', /,/);
  const hover = page.getByTestId('map-hover');
  for (const o of [obs[0]!, obs[6]!, obs[11]!]) {
    const [fx, fy] = at(o.lon, o.lat);
    const q = await framePoint(page, fx, fy);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toContainText(`${o.id} obs ${o.index} (`);
    await expect(hover).toContainText(`: ${o.value} — `);
  }
});

test('counts that do not add up are named, nothing drawn', async ({ page }) => {
  const e = expected['bad-counts.nc']!;
  await openMap(page, 'bad-counts.nc', '/sst');
  await expect(page.getByTestId('map').getByRole('alert')).toContainText(
    `add up to ${e.sum}, but obs has ${e.obs} elements`,
  );
  await expect(page.getByTestId('map-canvas')).not.toHaveAttribute('data-marks', /./);
});

test('profiles: one disc per profile at its place, named by its profile_id; a click gives the profile along depth', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const want = expected['profiles.nc']!;
  await openMap(page, 'profiles.nc', want.variable, 'profile');
  const { marks, at } = await projected(page);
  expect(marks).toEqual(want.instances.map((s) => [s.lon, s.lat]));
  const hover = page.getByTestId('map-hover');
  const s = want.instances[2]!;
  const [fx, fy] = at(s.lon!, s.lat!);
  const q = await framePoint(page, fx, fy);
  await page.mouse.move(q.x, q.y);
  await expect(hover).toContainText(
    `${s.id} (lat ${s.lat!.toFixed(2)}°, lon ${s.lon!.toFixed(2)}°): ${s.values![0]} — `,
  );
  await page.mouse.click(q.x, q.y);
  const region = page.getByRole('region', { name: new RegExp(`at ${s.id}$`) });
  await expect(region).toBeVisible();
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = await seriesCsvRows(region);
  expect(rows).toHaveLength(s.values!.length + 1);
  const got = rows.slice(1).map((r) => r.split(',')[1] ?? '');
  expect(got.map((g) => (g === '' ? null : Number(g)))).toEqual(s.values);
});

test('a timeSeriesProfile: one disc per station; the hover gives its value at the time and depth of the sliders', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const want = expected['station-profiles.nc']! as unknown as {
    variable: string;
    instances: { id: string; lat: number; lon: number; values: number[][] }[];
  };
  await openMap(page, 'station-profiles.nc', want.variable, 'station');
  await page.getByTestId('index-time').fill('3');
  await page.getByTestId('index-z').fill('1');
  const { marks, at } = await projected(page);
  expect(marks).toEqual(want.instances.map((s) => [s.lon, s.lat]));
  const hover = page.getByTestId('map-hover');
  for (const s of want.instances) {
    const q = await framePoint(page, ...at(s.lon, s.lat));
    await page.mouse.move(q.x, q.y);
    await expect(hover).toContainText(
      `${s.id} (lat ${s.lat.toFixed(2)}°, lon ${s.lon.toFixed(2)}°): ${s.values[3]![1]} — `,
    );
  }
});
