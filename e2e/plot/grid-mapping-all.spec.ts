/**
 * Every well-formed grid-mapping fixture (fixtures/grid-mappings, written by xarray; positions from pyproj): the Map
 * draws it, and at each sampled cell's pyproj position the canvas holds the colour of that cell's value over the
 * colour range the Map names (data-range). A pixel on a cell's very edge may show a neighbour: then the cell's
 * colour is within one pixel, and nearly all cells are exact. For every mapping, the hover on a cell names its x/y
 * and value, a click on it gives its series (xarray's values at both time steps; the second is the first + 1), and a
 * zoom draws the part in view again at the screen's resolution, each cell still in its value's colour.
 */
import { expect, test, type Page } from '@playwright/test';
import { zoomedProjection } from '../../src/geo/projection';
import type { ProjectionName } from '../../src/geo/projection-names';
import { expected, type Cell as GridCell } from '../../src/geo/testing/grid-mapping-fixtures';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath, seriesCsvRows } from '../ui/helpers';
import { sameColour } from '../ui/map-colours';
import { canvasProjection, framePoint, pixels } from '../ui/map-helpers';

type Cell = GridCell & { value: number };
type Range = readonly [number, number];
interface Placed {
  c: Cell;
  at: [number, number];
}

const FIXTURES = Object.entries(expected.fixtures).filter(([, f]) => !f.malformed);
/** Every mapping's series and zoom are checked too (the issue asks for a click and a zoom on each). */
const DEEP = new Set(FIXTURES.map(([name]) => name));

async function openMap(page: Page, name: string) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/grid-mappings/${name}.zarr`);
  await selectPath(page, '/field');
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'projected');
  await page.getByLabel('Coastlines').uncheck();
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('map')).toHaveAttribute('data-range', /,/);
  const projection = (await canvas.getAttribute('data-projection')) as ProjectionName;
  const center = (await canvas.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const range = (await page.getByTestId('map').getAttribute('data-range'))!.split(',').map(Number) as [number, number];
  expect(range[1]).toBeGreaterThan(range[0]);
  return { projection, center, range, ...(await canvasProjection(page, projection, center)) };
}

type Project = ((p: [number, number]) => [number, number] | null) & {
  invert?: (p: [number, number]) => [number, number] | null;
};
/** The cells with earth behind them, at the pixel (in `proj`, on an image `w` × `h`) holding their position. */
function place(cells: Cell[], proj: Project, w: number, h: number, shown: (ll: [number, number]) => unknown) {
  return cells.flatMap((c): Placed[] => {
    if (c.lon === null || c.lat === null || !shown([c.lon, c.lat])) return [];
    const p = proj([c.lon, c.lat]);
    if (!p) return [];
    const at: [number, number] = [Math.floor(p[0]), Math.floor(p[1])];
    // Not at the image's edge, where the globe's outline is drawn (a cell on the date line of a whole-globe frame).
    return at[0] >= 4 && at[1] >= 4 && at[0] <= w - 5 && at[1] <= h - 5 ? [{ c, at }] : [];
  });
}

/**
 * The cells whose pixel does not hold their value's colour, and those whose whole 3 × 3 block around it does (well
 * inside their cell); fewer than 90 % exact is named as a problem too.
 */
async function checkColours(page: Page, placed: Placed[], range: Range, testId = 'map-canvas') {
  const blocks = await pixels(
    page,
    placed.map((p) => p.at),
    testId,
  );
  const rgba = (b: number[], k: number) => b.slice(4 * k, 4 * k + 4);
  const problems: string[] = [];
  const inside: Placed[] = [];
  let exact = 0;
  placed.forEach((p, i) => {
    const b = blocks[i]!;
    const ok = Array.from({ length: 9 }, (_, k) => sameColour(rgba(b, k), p.c.value, range));
    if (ok[4]) exact++;
    if (ok.every(Boolean)) inside.push(p);
    // On a cell's edge the pixel may show a neighbour: the cell's own colour is then within one pixel.
    else if (!ok.some(Boolean))
      problems.push(`cell (${p.c.row}, ${p.c.col}) at ${p.at.join(',')}: ${rgba(b, 4).join(' ')}`);
  });
  if (exact < placed.length * 0.9) problems.push(`only ${exact} of ${placed.length} cells in their colour`);
  return { problems, inside };
}

/** Polls until the sampled cells hold their colours; returns those well inside their cells. */
async function expectColours(page: Page, placed: Placed[], range: Range, testId = 'map-canvas') {
  let inside: Placed[] = [];
  await expect
    .poll(async () => {
      const r = await checkColours(page, placed, range, testId);
      inside = r.inside;
      return r.problems;
    })
    .toEqual([]);
  return inside;
}

/** Plotly's zoom box: a drag from frame pixel `a` to `b`. */
async function dragZoom(page: Page, a: [number, number], b: [number, number]) {
  const from = await framePoint(page, a[0], a[1]);
  const to = await framePoint(page, b[0], b[1]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  await page.mouse.up();
}

/** The frame box `[x0, y0]` an image starts at. */
const extentOf = (s: Shown) => (s.extent ? s.extent.split(',').map(Number) : [0, 0]) as [number, number];

type MapOf = Awaited<ReturnType<typeof openMap>>;
interface Shown {
  testId: string;
  proj: Project;
  w: number;
  h: number;
  /** Image pixels per frame pixel. */
  k: number;
  extent: string | null;
}
/**
 * The image the Map shows: the zoom's, drawn at the screen's resolution (a regional grid opens zoomed to itself),
 * or the whole frame's; `before`: the zoom's extent drawn before, to wait for a new one.
 */
async function shownImage(page: Page, map: MapOf, before: string | null = null): Promise<Shown> {
  const figure = page.getByTestId('map');
  // A regional grid's extent magnified 1.2 times or more is shown zoomed (zoom.ts mapZoom).
  const ext = (await figure.getAttribute('data-extent'))?.split(',').map(Number);
  const magnified = ext && Math.min(map.w / (ext[2]! - ext[0]!), map.h / (ext[3]! - ext[1]!)) >= 1.25;
  if (before === null && !magnified)
    return { testId: 'map-canvas', proj: map.proj as Project, w: map.w, h: map.h, k: 1, extent: null };
  await expect(figure).toHaveAttribute('data-zoomed', 'true');
  const zoom = page.getByTestId('map-zoom');
  await expect(zoom).toHaveAttribute('data-rendered', /\d+/);
  await expect(zoom).toHaveAttribute('data-extent', /,/);
  if (before !== null) await expect(zoom).not.toHaveAttribute('data-extent', before);
  const text = (await zoom.getAttribute('data-extent'))!;
  const extent = text.split(',').map(Number) as [number, number, number, number];
  const size = await zoom.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  const spec = { name: map.projection, center: map.center, width: map.w, height: map.h };
  const proj = zoomedProjection(spec, extent, size) as Project;
  return { testId: 'map-zoom', proj, w: size[0], h: size[1], k: size[0] / (extent[2] - extent[0]), extent: text };
}

for (const [name, fixture] of FIXTURES) {
  const cells = fixture.cells as Cell[];
  const deep = DEEP.has(name);
  test(`${name}: each sampled cell is drawn in its value’s colour${deep ? '; the hover names it; a click gives its series; a zoom refines' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const map = await openMap(page, name);
    const shown = await shownImage(page, map);
    const earth = cells.filter((c) => c.lon !== null);
    const placed = place(cells, shown.proj, shown.w, shown.h, map.visible);
    // Nearly every cell with earth behind it is on the map (not only within 10° of a round map's horizon): at least
    // 100 sampled screen points checked per mapping.
    expect(placed.length, `${name}: cells on the map`).toBeGreaterThanOrEqual(Math.max(100, earth.length * 0.75));
    const inside = await expectColours(page, placed, map.range, shown.testId);
    test.info().annotations.push({ type: 'cells checked', description: `${placed.length} on ${shown.testId}` });
    if (!deep) return;

    // A click well inside a cell: its series, xarray's values at both time steps.
    expect(inside.length).toBeGreaterThan(3);
    // The cell nearest the image's middle: the zoom box around it stays inside the frame.
    const mid = [shown.w / 2, shown.h / 2];
    const target = inside.reduce((best, p) =>
      Math.hypot(p.at[0] - mid[0]!, p.at[1] - mid[1]!) < Math.hypot(best.at[0] - mid[0]!, best.at[1] - mid[1]!)
        ? p
        : best,
    );
    const [tx, ty] = target.at.map((v, i) => (v + 0.5) / shown.k + (i === 0 ? extentOf(shown)[0] : extentOf(shown)[1]));
    const q = await framePoint(page, tx!, ty!);
    // The hover there names the cell by its x/y and gives its value (xarray's).
    await page.mouse.move(q.x, q.y - 3);
    await page.mouse.move(q.x, q.y, { steps: 2 });
    const hover = page.getByTestId('map-hover');
    await expect(hover).toHaveText(/\(\S+ .+, \S+ .+\): \S+ —/);
    const m = /\(\S+ (\S+) .*?, \S+ (\S+) .*?\): (\S+) —/.exec((await hover.textContent()) ?? '')!;
    const num = (t: string | undefined) => Number((t ?? '').replace('−', '-'));
    const c = target.c;
    expect([name, Math.abs(num(m[1]) - c.x) <= 1e-4 * (1 + Math.abs(c.x))]).toEqual([name, true]);
    expect([name, Math.abs(num(m[2]) - c.y) <= 1e-4 * (1 + Math.abs(c.y))]).toEqual([name, true]);
    expect(Math.abs(num(m[3]) - c.value), `${name}: the hover's value`).toBeLessThan(1e-3);
    await page.mouse.click(q.x, q.y);
    const region = page.getByRole('region', { name: /^Time series at / });
    await expect(region).toBeVisible();
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    const rows = await seriesCsvRows(region);
    expect(rows).toHaveLength(3);
    const series = rows.slice(1).map((r) => Number(r.split(',').at(-1)));
    [target.c.value, target.c.value + 1].forEach((v, i) => expect(Math.abs(series[i]! - v)).toBeLessThan(1e-3));

    // A zoom around that cell, a fifth of the view across: drawn again at more pixels per frame pixel.
    const view = (await page.getByTestId('map').getAttribute('data-view'))!.split(',').map(Number);
    const half = (view[2]! - view[0]!) / 10;
    await dragZoom(page, [tx! - half, ty! - half], [tx! + half, ty! + half]);
    const fineShown = await shownImage(page, map, shown.extent ?? '');
    expect(fineShown.k / shown.k, `${name}: image pixels per frame pixel, zoomed / before`).toBeGreaterThan(2);
    const fine = place(cells, fineShown.proj, fineShown.w, fineShown.h, map.visible);
    expect(fine.map((p) => p.c)).toContain(target.c);
    const fineInside = await expectColours(page, fine, map.range, fineShown.testId);
    expect(fineInside.map((p) => p.c)).toContain(target.c);
  });
}

test('the fixtures checked: over 100 cells with earth behind them for every mapping but the malformed ones', () => {
  expect(FIXTURES.length).toBeGreaterThanOrEqual(20);
  expect([...DEEP].every((n) => FIXTURES.some(([k]) => k === n))).toBe(true);
  const few = FIXTURES.filter(([, f]) => (f.cells ?? []).filter((c) => c.lon !== null).length < 100);
  expect(few.map(([k]) => k)).toEqual([]);
});
