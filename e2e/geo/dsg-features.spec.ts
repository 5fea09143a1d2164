/**
 * The DSG Map for every featureType and ragged layout, and the single-feature files (fixtures/dsg/,
 * scripts/fixtures/dsg_ragged.py and dsg_single.py, netCDF4-python; expected.json holds each feature's elements as
 * netCDF4-python reads them). Per fixture: the marks are at netCDF4-python's positions; the Map opens framed on
 * them, drawn at the screen's resolution; where several elements share a place the Map's own time and depth
 * sliders pick, at each place, the element nearest them, and its disc holds its value's viridis colour; hover
 * names the feature and gives the value; a click gives the feature's series (the observations in time order, a
 * profile along depth) equal to netCDF4-python's values.
 * Points: a click says points have no series; ragged trajectories: a click gives the trajectory in time order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, seriesCsvRows } from '../ui/helpers';
import { framePoint } from '../ui/map-helpers';
import { valueColour } from '../ui/map-colours';
import { coloursAt, openDsgMap, projected } from './dsg-helpers';

interface Element {
  index: number;
  lat: number | null;
  lon: number | null;
  value: number | null;
  time: number | null;
  z: number | null;
}
interface Feature {
  id: string;
  elements: Element[];
}
interface Expected {
  featureType: string;
  variable: string;
  dims: string[];
  features: Feature[];
}
const expected = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/dsg/expected.json'), 'utf8')) as Record<
  string,
  Expected
>;

/** Per fixture: whether its elements share places, and what a click gives (panel: the series panel along z). */
const CASES = [
  { file: 'stations-indexed.nc', stacked: true, series: 'time' },
  { file: 'trajectories-2d.nc', stacked: false, series: 'time' },
  { file: 'profiles-ragged.nc', stacked: true, series: 'z' },
  { file: 'profiles-indexed.nc', stacked: true, series: 'z' },
  { file: 'station-profiles-ragged.nc', stacked: true, series: 'time' },
  { file: 'trajectory-profiles.nc', stacked: false, series: 'panel' },
  { file: 'trajectory-profiles-ragged.nc', stacked: true, series: 'z' },
  // One feature, no instance dimension (CF H.2.3, H.4.2, H.3.3; scripts/fixtures/dsg_single.py).
  { file: 'single-timeseries.nc', stacked: true, series: 'time' },
  { file: 'single-trajectory.nc', stacked: false, series: 'time' },
  { file: 'single-profile.nc', stacked: true, series: 'z' },
] as const;

const placeKey = (e: Element) => `${e.lon},${e.lat}`;
const dist = (a: number | null, b: number | null) => (a === null || b === null ? 0 : Math.abs(a - b));

/** The steps of the Map's own slider for a coordinate: its distinct values, when stacked elements differ in it. */
function steps(els: readonly Element[], c: 'time' | 'z'): number[] | null {
  const first = new Map<string, number>();
  let varies = false;
  for (const e of els) {
    const v = e[c];
    if (v === null || e.lat === null) continue;
    const f = first.get(placeKey(e));
    if (f === undefined) first.set(placeKey(e), v);
    else if (f !== v) varies = true;
  }
  return varies ? [...new Set(els.flatMap((e) => (e[c] === null ? [] : [e[c]!])))].sort((a, b) => a - b) : null;
}

async function hoverNames(page: Page, at: (lon: number, lat: number) => [number, number], e: Element, id: string) {
  const q = await framePoint(page, ...at(e.lon!, e.lat!));
  await page.mouse.move(q.x, q.y);
  const hover = page.getByTestId('map-hover');
  await expect(hover).toHaveText(new RegExp(`^${id} `));
  await expect(hover).toContainText(`: ${e.value} — `);
}

for (const c of CASES) {
  test(`${c.file}: placed, framed, coloured; hover names the feature; a click gives its series`, async ({ page }) => {
    test.setTimeout(120_000);
    const want = expected[c.file]!;
    await openDsgMap(page, c.file, want.variable);
    await expect(page.getByTestId('map')).toHaveAttribute('data-dsg', want.featureType);
    const all = want.features.flatMap((f) => f.elements.map((e) => ({ ...e, id: f.id })));
    all.sort((a, b) => a.index - b.index);
    // A 3-D variable: one mark per its first two dimensions, at the first level of the viewer's depth slider.
    const f0 = want.features[0]!.elements;
    const levels = want.dims.length === 3 ? f0.filter((e) => placeKey(e) === placeKey(f0[0]!)).length : 1;
    const marked = all.filter((e) => e.index % levels === 0);
    const { marks, at } = await projected(page);
    expect(marks).toEqual(marked.map((e) => (e.lat === null ? [null, null] : [e.lon, e.lat])));

    // The Map's own sliders (stacked marks) at their second step.
    const sel = { time: null as number | null, z: null as number | null };
    for (const k of ['time', 'z'] as const) {
      const s = c.stacked ? steps(all, k) : null;
      await expect(page.getByTestId(`dsg-${k}`)).toHaveCount(s ? 1 : 0);
      if (!s) continue;
      await page.getByTestId(`dsg-${k}`).fill('1');
      sel[k] = s[1]!;
    }
    const places = [...new Set(marked.filter((e) => e.lat !== null).map(placeKey))];
    const shown = places.map((p) =>
      marked
        .filter((e) => placeKey(e) === p)
        .reduce((b, e) => {
          const d = dist(e.time, sel.time) - dist(b.time, sel.time);
          return d < 0 || (d === 0 && dist(e.z, sel.z) < dist(b.z, sel.z)) ? e : b;
        }),
    );
    const values = marked.flatMap((e) => (e.value === null ? [] : [e.value]));
    const range = [Math.min(...values), Math.max(...values)] as const;
    await expect
      .poll(
        () =>
          coloursAt(
            page,
            shown.map((e) => [e.lon!, e.lat!]),
          ),
        { timeout: 20_000 },
      )
      .toEqual(shown.map((e) => valueColour(e.value!, range)));
    // Framed on the marks, drawn again at the screen's resolution.
    const canvas = page.getByTestId('map-canvas');
    const extent = (await canvas.getAttribute('data-extent'))!.split(',').map(Number);
    const width = await canvas.evaluate((el) => (el as HTMLCanvasElement).width);
    expect(width / (extent[2]! - extent[0]!)).toBeGreaterThan(1.5);

    for (const e of shown.slice(0, 4)) await hoverNames(page, at, e, e.id);

    // A click on the first feature's shown mark.
    const first = shown.find((e) => e.id === want.features[0]!.id)!;
    const q = await framePoint(page, ...at(first.lon!, first.lat!));
    await page.mouse.click(q.x, q.y);
    let members = all.filter((e) => e.id === first.id && e.lat !== null);
    if (c.series === 'z' || c.series === 'panel') members = members.filter((e) => placeKey(e) === placeKey(first));
    if (want.featureType === 'timeSeriesProfile') {
      const byTime = new Map<number, (typeof members)[number]>();
      for (const e of members) {
        const b = byTime.get(e.time!);
        if (!b || dist(e.z, sel.z) < dist(b.z, sel.z)) byTime.set(e.time!, e);
      }
      members = [...byTime.values()];
    }
    const key = c.series === 'time' ? 'time' : 'z';
    members.sort((a, b) => (c.series === 'panel' ? a.index - b.index : a[key]! - b[key]! || a.index - b.index));
    const name = c.series === 'time' ? `Time series at ${first.id}` : `Series along z at ${first.id}`;
    const region = page.getByRole('region', { name });
    await expect(region).toBeVisible();
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    const rows = (await seriesCsvRows(region)).slice(1).map((r) => r.split(','));
    expect(rows.map((r) => (r[1] === '' ? null : Number(r[1])))).toEqual(members.map((e) => e.value));
    if (c.series === 'z') expect(rows.map((r) => Number(r[0]))).toEqual(members.map((e) => e.z));
  });
}

test('points: a click gives the point’s value and says point features have no series', async ({ page }) => {
  const want = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/dsg/expected.json'), 'utf8'))['points.nc'] as {
    variable: string;
    points: { lat: number | null; lon: number; value: number }[];
  };
  await openDsgMap(page, 'points.nc', want.variable);
  const { at } = await projected(page);
  const k = 2;
  const p = want.points[k]!;
  const q = await framePoint(page, ...at(p.lon, p.lat!));
  await page.mouse.click(q.x, q.y);
  const note = page.getByTestId('dsg-note');
  await expect(note).toContainText(`obs ${k} at `);
  await expect(note).toContainText(`: ${p.value}. A point feature is a single observation: it has no series.`);
  await expect(page.getByRole('region', { name: /series/i })).toHaveCount(0);
});

test('contiguous ragged trajectories: a click gives the trajectory’s observations in time order', async ({ page }) => {
  const want = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/dsg/expected.json'), 'utf8'))[
    'trajectories-ragged.nc'
  ] as { variable: string; instances: { id: string; obs: { lat: number; lon: number; value: number }[] }[] };
  await openDsgMap(page, 'trajectories-ragged.nc', want.variable);
  const { at } = await projected(page);
  const t = want.instances[1]!;
  const q = await framePoint(page, ...at(t.obs[1]!.lon, t.obs[1]!.lat));
  await page.mouse.click(q.x, q.y);
  const region = page.getByRole('region', { name: `Time series at ${t.id}` });
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = (await seriesCsvRows(region)).slice(1).map((r) => Number(r.split(',')[1]));
  expect(rows).toEqual(t.obs.map((o) => o.value));
});
