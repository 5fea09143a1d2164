/**
 * The Map of edge-located UGRID data: fixtures/meshes/ugrid-edges.nc (scripts/fixtures/make-edge-meshes.py,
 * netCDF4-python). Each edge is drawn on its kite: at every sampled point whose pixel lies inside the kite
 * shapely gives (the point's margin to the kite's outline exceeds its distance to the pixel's centre), the canvas
 * holds the colour of that edge's value; hover names the edge; a click gives its series.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeProjection, zoomedProjection } from '../../src/geo/projection';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from '../ui/helpers';
import { sameColour } from '../ui/map-colours';
import { framePoint, pixels } from '../ui/map-helpers';

interface Point {
  lon: number;
  lat: number;
  cell: number;
  margin: number | null;
  values: number[] | null;
}
const expected = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/meshes/expected-edges.json'), 'utf8')) as Record<
    string,
    { variable: string; range: [number, number]; points: Point[] }
  >
)['ugrid-edges.nc']!;

type Project = ((p: [number, number]) => [number, number] | null) & {
  invert?: (p: [number, number]) => [number, number] | null;
};

/** The Map of /u: the frame's projection and the image shown (a zoom's, when the mesh opens zoomed). */
async function openEdges(page: Page) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/meshes/ugrid-edges.nc`);
  await selectPath(page, expected.variable);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'mesh');
  await page.getByLabel('Coastlines').uncheck();
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  const center = (await canvas.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const spec = { name: 'equirectangular', center, width: w, height: h } as const;
  const frame = makeProjection(spec) as Project;
  const ext = (await page.getByTestId('map').getAttribute('data-extent'))?.split(',').map(Number);
  if (!ext || Math.min(w / (ext[2]! - ext[0]!), h / (ext[3]! - ext[1]!)) < 1.25)
    return { frame, proj: frame, size: [w, h] as const, testId: 'map-canvas', lines: [90, 30] as const, off: 1 };
  await expect(page.getByTestId('map')).toHaveAttribute('data-zoomed', 'true');
  const zoom = page.getByTestId('map-zoom');
  await expect(zoom).toHaveAttribute('data-rendered', /\d+/);
  const extent = (await zoom.getAttribute('data-extent'))!.split(',').map(Number) as [number, number, number, number];
  const size = await zoom.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  const proj = zoomedProjection(spec, extent, size) as Project;
  return { frame, proj, size, testId: 'map-zoom', lines: [15, 10] as const, off: 0.4 };
}

/** The points whose pixel is certainly in the point's kite, away from graticule lines and the image's edge. */
function placed(proj: Project, w: number, h: number, lines: readonly [number, number], off: number) {
  const near = (v: number, step: number) => Math.abs(v - step * Math.round(v / step)) < off;
  return expected.points.flatMap((p) => {
    const xy = proj([p.lon, p.lat]);
    if (!xy || p.margin === null || p.cell < 0) return [];
    if (near(p.lon, lines[0]) || near(p.lat, lines[1])) return [];
    const [px, py] = [Math.floor(xy[0]), Math.floor(xy[1])];
    if (px < 2 || py < 2 || px > w - 3 || py > h - 3) return [];
    const back = proj.invert?.([px + 0.5, py + 0.5]);
    if (!back) return [];
    return Math.hypot(back[0] - p.lon, back[1] - p.lat) < p.margin - 0.01
      ? [{ p, at: [px, py] as [number, number] }]
      : [];
  });
}

test('ugrid-edges.nc: each edge is drawn on its kite in its value’s colour (≥ 100 points shapely placed)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { proj, size, testId, lines, off } = await openEdges(page);
  const safe = placed(proj, size[0], size[1], lines, off);
  test.info().annotations.push({ type: 'pixels checked', description: `${safe.length} on ${testId}` });
  expect(safe.length).toBeGreaterThanOrEqual(100);
  await expect.poll(async () => (await pixels(page, [safe[0]!.at], testId))[0]![16 + 3]).toBe(255);
  const got = await pixels(
    page,
    safe.map((s) => s.at),
    testId,
  );
  const wrong = safe.filter((s, i) => !sameColour(got[i]!.slice(16, 20), s.p.values![0]!, expected.range));
  expect(wrong.map((s) => `edge ${s.p.cell} at ${s.p.lon.toFixed(2)},${s.p.lat.toFixed(2)}`)).toEqual([]);
});

test('ugrid-edges.nc: hover names the edge and its value; a click gives the edge’s series', async ({ page }) => {
  test.setTimeout(90_000);
  const { frame } = await openEdges(page);
  const hover = page.getByTestId('map-hover');
  const inside = expected.points.filter((p) => p.cell >= 0 && p.margin !== null && p.margin > 0.8);
  expect(inside.length).toBeGreaterThan(8);
  for (const p of inside.slice(0, 4)) {
    const xy = frame([p.lon, p.lat])!;
    const q = await framePoint(page, xy[0], xy[1]);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toHaveText(new RegExp(`\\(cell ${p.cell} \\(-?[\\d.]+, -?[\\d.]+\\)\\): -?[\\d.]+ `));
    const value = Number(/\)\): (-?[\d.]+) /.exec((await hover.textContent()) ?? '')![1]);
    expect(Math.abs(value - p.values![0]!)).toBeLessThan(1e-3);
  }
  const p = inside[2]!;
  const xy = frame([p.lon, p.lat])!;
  const q = await framePoint(page, xy[0], xy[1]);
  await page.mouse.click(q.x, q.y);
  const region = page.getByRole('region', { name: new RegExp(`^Time series at cell ${p.cell} \\(`) });
  await expect(region).toBeVisible();
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = await seriesCsvRows(region);
  expect(rows).toHaveLength(p.values!.length + 1);
  rows.slice(1).forEach((r, i) => expect(Math.abs(Number(r.split(',')[1]) - p.values![i]!)).toBeLessThan(1e-3));
});
