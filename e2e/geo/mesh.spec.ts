/**
 * The Map of an unstructured mesh: fixtures/meshes/icon-like.nc (netCDF4-python; 5,120 triangles, clon/clat and
 * their bounds in radians). The Map is offered and draws the mesh; at every sampled point whose pixel lies inside
 * the cell shapely gives (the point's margin to the cell's outline exceeds its distance to the pixel's centre), the
 * canvas holds the colour of that cell's value; hover names the cell; a click gives its series; a zoom is looked
 * up again at the screen's resolution (more points pass) without reading the file again. Node-located UGRID data
 * (ugrid.nc depth) is drawn interpolated across the faces: the canvas holds the colour of matplotlib.tri's value
 * (moved to the pixel's centre along its gradient), and the hover gives the value at the pointer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeProjection, zoomedProjection } from '../../src/geo/projection';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from '../ui/helpers';
import { sameColour as sameColourOver } from '../ui/map-colours';
import { framePoint, pixels } from '../ui/map-helpers';

interface Point {
  lon: number;
  lat: number;
  cell: number;
  margin: number | null;
  values: number[] | null;
}
const expected = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/meshes/expected.json'), 'utf8')) as Record<
    string,
    { range: [number, number]; points: Point[] }
  >
)['icon-like.nc']!;

/** The whole globe's graticule: every 90° of longitude and 30° of latitude (graticule.ts). */
const GLOBE: [number, number] = [90, 30];
const sameColour = (px: number[], v: number) => sameColourOver(px, v, expected.range);

type Project = ((p: [number, number]) => [number, number] | null) & {
  invert?: (p: [number, number]) => [number, number] | null;
};
/**
 * The points whose pixel (in projection `proj` on an image of `w` × `h`) is certainly in the point's cell, and not
 * within `off` degrees of a graticule line (every `lines` = [lon, lat] degrees) or the globe's outline, drawn over
 * the cells.
 */
function safePixels(proj: Project, w: number, h: number, points: Point[], lines: [number, number], off: number) {
  const near = (v: number, step: number) => Math.abs(v - step * Math.round(v / step)) < off;
  return points.flatMap((p) => {
    const xy = proj([p.lon, p.lat]);
    if (!xy || p.margin === null || p.cell < 0) return [];
    if (near(p.lon, lines[0]) || near(p.lat, lines[1]) || near(p.lon, 180)) return [];
    const [px, py] = [Math.floor(xy[0]), Math.floor(xy[1])];
    if (px < 2 || py < 2 || px > w - 3 || py > h - 3) return [];
    const back = proj.invert?.([px + 0.5, py + 0.5]);
    if (!back) return [];
    const dLon = back[0] - p.lon - 360 * Math.round((back[0] - p.lon) / 360);
    return Math.hypot(dLon, back[1] - p.lat) < p.margin - 0.02 ? [{ p, at: [px, py] as [number, number] }] : [];
  });
}

async function openIcon(page: Page) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/meshes/icon-like.nc`);
  await selectPath(page, '/S');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'mesh');
  await page.getByLabel('Coastlines').uncheck();
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const w = Number(await canvas.getAttribute('data-width'));
  const h = Number(await canvas.getAttribute('data-height'));
  return { w, h, proj: makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h }) };
}

test('an ICON-like mesh: the Map draws each cell in its value’s colour (≥ 100 points shapely placed)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { w, h, proj } = await openIcon(page);
  const safe = safePixels(proj as Project, w, h, expected.points, GLOBE, 1);
  expect(safe.length).toBeGreaterThanOrEqual(100);
  // Paints after the coastlines were switched off.
  await expect.poll(async () => (await pixels(page, [safe[0]!.at]))[0]![16 + 3]).toBe(255);
  const got = await pixels(
    page,
    safe.map((s) => s.at),
  );
  const wrong = safe.filter((s, i) => !sameColour(got[i]!.slice(16, 20), s.p.values![0]!));
  expect(wrong.map((s) => `cell ${s.p.cell} at ${s.p.lon.toFixed(2)},${s.p.lat.toFixed(2)}`)).toEqual([]);
});

test('hover names the cell and its value; a click gives the cell’s series', async ({ page }) => {
  test.setTimeout(90_000);
  const { w, h, proj } = await openIcon(page);
  const safe = safePixels(proj as Project, w, h, expected.points, GLOBE, 1).filter((s) => s.p.margin! > 0.6);
  const hover = page.getByTestId('map-hover');
  for (const { p, at } of safe.slice(0, 5)) {
    const q = await framePoint(page, at[0] + 0.5, at[1] + 0.5);
    await page.mouse.move(q.x, q.y);
    await expect(hover).toHaveText(new RegExp(`\\(cell ${p.cell} \\(-?[\\d.]+, -?[\\d.]+\\)\\): [\\d.]+ — `));
    const value = Number(/\)\): ([\d.]+) — /.exec((await hover.textContent()) ?? '')![1]);
    expect(Math.abs(value - p.values![0]!)).toBeLessThan(1e-3);
  }
  const { p, at } = safe[3]!;
  const q = await framePoint(page, at[0] + 0.5, at[1] + 0.5);
  await page.mouse.click(q.x, q.y);
  const region = page.getByRole('region', { name: new RegExp(`^Time series at cell ${p.cell} \\(`) });
  await expect(region).toBeVisible();
  await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  const rows = await seriesCsvRows(region);
  expect(rows).toHaveLength(p.values!.length + 1);
  rows.slice(1).forEach((r, i) => expect(Math.abs(Number(r.split(',')[1]) - p.values![i]!)).toBeLessThan(1e-3));
});

test('a zoom looks the cells up again at the screen’s resolution, reading nothing again', async ({ page }) => {
  test.setTimeout(120_000);
  const { w, h, proj } = await openIcon(page);
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('icon-like.nc') && reads.push(r.url()));
  // Plotly's zoom box over the tropical Atlantic and Africa (40° W … 40° E, 30° N … 30° S).
  const [a, b] = [proj([-40, 30])!, proj([40, -30])!];
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
  const extent = (await zoom.getAttribute('data-extent'))!.split(',').map(Number) as [number, number, number, number];
  const size = await zoom.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  expect(size[0] / (extent[2] - extent[0])).toBeGreaterThan(2);
  const zp = zoomedProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h }, extent, size);
  const inView = expected.points.filter((p) => Math.abs(p.lon) < 38 && Math.abs(p.lat) < 28);
  const coarse = safePixels(proj as Project, w, h, inView, GLOBE, 1);
  // The zoom's graticule: every 15° of longitude and 10° of latitude.
  const fine = safePixels(zp as Project, size[0], size[1], inView, [15, 10], 0.4);
  // Finer pixels: points too near their cell's edge for the whole frame's pixels are checked now.
  expect(fine.length).toBeGreaterThan(coarse.length);
  expect(fine.length).toBeGreaterThanOrEqual(15);
  const got = await pixels(
    page,
    fine.map((s) => s.at),
    'map-zoom',
  );
  const wrong = fine.filter((s, i) => !sameColour(got[i]!.slice(16, 20), s.p.values![0]!));
  expect(wrong.map((s) => `cell ${s.p.cell}`)).toEqual([]);
  expect(reads).toEqual([]);
});

const all = JSON.parse(readFileSync(path.join(ROOT, 'fixtures/meshes/expected.json'), 'utf8')) as Record<
  string,
  { variable: string; points: Point[] }
>;

for (const key of ['ugrid.nc', 'ugrid.nc#depth', 'mpas-like.nc', 'ugrid-malformed.nc']) {
  test(`${key}: the Map draws the mesh; hover names shapely's cell`, async ({ page }) => {
    test.setTimeout(90_000);
    const e = all[key]!;
    await page.goto('/');
    await openUrl(page, `${STATIC_URL}/fixtures/meshes/${key.split('#')[0]}`);
    await selectPath(page, e.variable);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    const canvas = page.getByTestId('map-canvas');
    await expect(canvas).toHaveAttribute('data-grid', 'mesh');
    await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
    const w = Number(await canvas.getAttribute('data-width'));
    const h = Number(await canvas.getAttribute('data-height'));
    const proj = makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h }) as Project;
    // Node data: the containing face's nearest node, well inside a face (far from the two nearest nodes' midline
    // is not known here: only points shapely placed in a node's face are hovered, and the name checked).
    const hover = page.getByTestId('map-hover');
    const inside = e.points.filter((p) => p.cell >= 0 && (p.margin === null || p.margin > 0.8));
    const regional = key.startsWith('ugrid');
    for (const p of inside.slice(0, 4)) {
      const xy = proj([p.lon, p.lat])!;
      // A regional mesh opens zoomed to itself: frame points still name the same place.
      const q = await framePoint(page, xy[0], xy[1]);
      await page.mouse.move(q.x, q.y);
      if (!key.endsWith('#depth'))
        await expect(hover).toHaveText(new RegExp(`\\(cell ${p.cell} \\(-?[\\d.]+, -?[\\d.]+\\)\\): [\\d.]+ — `));
      // Node data: the face, its nearest node (whose series a click opens) and the value interpolated there.
      else
        await expect(hover).toHaveText(
          /\(face \d+, nearest node cell \d+ \(-?[\d.]+, -?[\d.]+\)\): [\d.]+ interpolated — /,
        );
    }
    expect(inside.length).toBeGreaterThan(regional ? 8 : 50);
    if (key === 'ugrid-malformed.nc') {
      const list = page.getByTestId('map-grid-problems').getByRole('listitem');
      await expect(list).toHaveText([
        /^1 cell of \/face_nodes not drawn: a connectivity index outside the nodes \(the first: cell 3\)\.$/,
        /^1 cell of \/face_nodes not drawn: a fill value followed by a valid vertex \(the first: cell 7\)\.$/,
        /^1 cell of \/face_nodes not drawn: fewer than 3 valid vertices \(the first: cell 11\)\.$/,
      ]);
    }
  });
}

interface LinearPoint {
  lon: number;
  lat: number;
  face: number;
  value: number | null;
  margin?: number;
  gradient?: [number, number];
}
const linear = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/meshes/expected.json'), 'utf8')) as Record<
    string,
    { variable: string; range: [number, number]; points: LinearPoint[] }
  >
)['ugrid.nc#depth:linear']!;

/** The ugrid.nc depth Map: the frame's projection and the image shown (a zoom's, when the mesh opens zoomed). */
async function openDepth(page: Page) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/meshes/ugrid.nc`);
  await selectPath(page, linear.variable);
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
  // Shown zoomed when the mesh's extent is magnified 1.25 times or more (zoom.ts mapZoom), else the whole frame.
  const ext = (await page.getByTestId('map').getAttribute('data-extent'))?.split(',').map(Number);
  if (!ext || Math.min(w / (ext[2]! - ext[0]!), h / (ext[3]! - ext[1]!)) < 1.25)
    return { frame, proj: frame, size: [w, h] as const, testId: 'map-canvas' };
  await expect(page.getByTestId('map')).toHaveAttribute('data-zoomed', 'true');
  const zoom = page.getByTestId('map-zoom');
  await expect(zoom).toHaveAttribute('data-rendered', /\d+/);
  const extent = (await zoom.getAttribute('data-extent'))!.split(',').map(Number) as [number, number, number, number];
  const size = await zoom.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  return { frame, proj: zoomedProjection(spec, extent, size) as Project, size, testId: 'map-zoom' };
}

test('ugrid.nc#depth: node data is drawn interpolated across the faces (matplotlib.tri’s values)', async ({ page }) => {
  test.setTimeout(120_000);
  const { proj, size, testId } = await openDepth(page);
  const [w, h] = size;
  const span = linear.range[1] - linear.range[0];
  // The graticule: the whole globe's, or a zoom's (every 15° of longitude and 10° of latitude).
  const [lines, off] = testId === 'map-canvas' ? [GLOBE, 1] : [[15, 10] as const, 0.4];
  const near = (v: number, step: number) => Math.abs(v - step * Math.round(v / step)) < off;
  // Pixels whose centre lies in the point's fan triangle: the value there is the point's plus its gradient times
  // the offset (linear in the triangle).
  const placed = linear.points.flatMap((p) => {
    const xy = p.value !== null && p.gradient ? proj([p.lon, p.lat]) : null;
    if (!xy || p.margin === undefined) return [];
    // Not under a graticule line or the frame's edge (drawn over the cells).
    if (near(p.lon, lines[0]) || near(p.lat, lines[1]) || near(p.lon, 180)) return [];
    const [px, py] = [Math.floor(xy[0]), Math.floor(xy[1])];
    if (px < 2 || py < 2 || px > w - 3 || py > h - 3) return [];
    const back = proj.invert?.([px + 0.5, py + 0.5]);
    if (!back) return [];
    const dLon = back[0] - p.lon - 360 * Math.round((back[0] - p.lon) / 360);
    const dLat = back[1] - p.lat;
    if (Math.hypot(dLon, dLat) > p.margin - 0.01) return [];
    const v = p.value! + p.gradient![0] * dLon + p.gradient![1] * dLat;
    return [{ p, v, at: [px, py] as [number, number] }];
  });
  test.info().annotations.push({ type: 'pixels checked', description: `${placed.length} on ${testId}` });
  expect(placed.length).toBeGreaterThanOrEqual(60);
  await expect.poll(async () => (await pixels(page, [placed[0]!.at], testId))[0]![16 + 3]).toBe(255);
  const got = await pixels(
    page,
    placed.map((s) => s.at),
    testId,
  );
  // One colour-map step either way (the value's rounding onto 256 colours, the weights' 16 bits).
  const step = span / 255;
  const wrong = placed.filter(
    (s, i) => ![s.v - step, s.v, s.v + step].some((v) => sameColourOver(got[i]!.slice(16, 20), v, linear.range)),
  );
  expect(wrong.map((s) => `face ${s.p.face} at ${s.p.lon.toFixed(3)},${s.p.lat.toFixed(3)}: ${s.v}`)).toEqual([]);
});

test('ugrid.nc#depth: hover gives the value interpolated at the pointer and names the face and its nearest node', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { frame } = await openDepth(page);
  const hover = page.getByTestId('map-hover');
  const inside = linear.points.filter((p) => p.value !== null && p.gradient && (p.margin ?? 0) > 0.3);
  expect(inside.length).toBeGreaterThan(20);
  for (const p of inside.slice(0, 5)) {
    const xy = frame([p.lon, p.lat])!;
    const q = await framePoint(page, xy[0], xy[1]);
    await page.mouse.move(q.x, q.y);
    const re = new RegExp(
      `^lat (-?[\\d.]+)°, lon (-?[\\d.]+)° \\(face ${p.face}, nearest node cell \\d+ \\(-?[\\d.]+, -?[\\d.]+\\)\\): (-?[\\d.]+) interpolated — `,
    );
    await expect(hover).toHaveText(re);
    const m = re.exec((await hover.textContent()) ?? '')!;
    // The pointer's place to 2 decimals: the value there from the point's and the gradient.
    const [lat, lon] = [Number(m[1]), Number(m[2])];
    const dLon = lon - p.lon - 360 * Math.round((lon - p.lon) / 360);
    const want = p.value! + p.gradient![0] * dLon + p.gradient![1] * (lat - p.lat);
    const tol = 0.006 * (Math.abs(p.gradient![0]) + Math.abs(p.gradient![1])) + 1e-3 * (1 + Math.abs(want));
    expect(Math.abs(Number(m[3]) - want)).toBeLessThan(tol);
  }
});

test('a share link opens the mesh on the Map (the cells found once the bounds are read)', async ({ page }) => {
  const link = new URLSearchParams({ url: `${STATIC_URL}/fixtures/meshes/icon-like.nc`, var: '/S', x: 'ncells' });
  link.set('view', 'map');
  link.set('i', 'time:1');
  await page.goto(`/#${link}`);
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'mesh');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('index-time')).toHaveValue('1');
});
