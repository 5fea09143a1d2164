/**
 * Fields too big to read whole (bench/synthetic/: a 43,200 × 21,600 float32 field made on demand by the static
 * server, as a 7-level OME-NGFF pyramid and as one level): the pyramid opens at the coarsest level that fills the plot
 * and refines on zoom, reading only chunks in view (checked at the server); the single-level field shows its cost,
 * reads nothing at full view and only the chunks in view after a zoom; hover values are the finest level's. On the
 * Map (geo-pyramid.zarr: the field on latitude/longitude in ndpyramid's layout), the whole coarsest level that fills
 * the frame, then after a zoom only the chunks of a finer level inside the zoom's latitude/longitude box. The tests
 * of this file share the server's request log: they run one after the other (one file, one worker).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CHUNK, HEIGHT, LEVELS, WIDTH, f, levelShape } from '../../bench/synthetic/index.mjs';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';

interface SyntheticRequest {
  /** When the server got it (ms since the epoch). */
  readonly time: number;
  readonly dataset: string | null;
  readonly level: number | null;
  readonly i: number | null;
  readonly j: number | null;
}

/** The chunk requests of `dataset` the server got (since `since`, ms since the epoch). */
async function chunkRequests(page: Page, dataset: string, since = 0): Promise<SyntheticRequest[]> {
  const res = await page.request.get(`${STATIC_URL}/__control/synthetic-log`);
  const log = (await res.json()) as SyntheticRequest[];
  return log.filter((e) => e.dataset === dataset && e.i !== null && e.time >= since);
}

type Ranges = { x: [number, number]; y: [number, number]; w: number; h: number };

/** Plotly's axis ranges (finest indices: these fields have no coordinates) and the plot area's size. */
function plotRanges(page: Page): Promise<Ranges> {
  return page.getByTestId('heatmap').evaluate((el) => {
    type Ax = { range: [number, number]; _length: number };
    const fl = (el as unknown as { _fullLayout: { xaxis: Ax; yaxis: Ax } })._fullLayout;
    const sort = (r: [number, number]): [number, number] => (r[0] <= r[1] ? [r[0], r[1]] : [r[1], r[0]]);
    return { x: sort(fl.xaxis.range), y: sort(fl.yaxis.range), w: fl.xaxis._length, h: fl.yaxis._length };
  });
}

/** The coarsest level with (nearly) a cell per plot pixel over these ranges (factor 2 per level). */
function levelFor(r: Ranges): number {
  let k = 0;
  while (
    k + 1 < LEVELS &&
    (r.x[1] - r.x[0]) / 2 ** (k + 1) >= 0.9 * r.w &&
    (r.y[1] - r.y[0]) / 2 ** (k + 1) >= 0.9 * r.h
  )
    k++;
  return k;
}

/** Whether chunk (i, j) of level k overlaps the ranges (finest indices). */
function inView(e: SyntheticRequest, r: Ranges): boolean {
  const s = 2 ** e.level! * CHUNK;
  const [y0, x0] = [e.i! * s, e.j! * s];
  return x0 <= r.x[1] && x0 + s >= r.x[0] && y0 <= r.y[1] && y0 + s >= r.y[0];
}

/**
 * Drags a zoom box of 1/`by` of the plot area around its centre; returns when the button was let go (the pointer
 * resting at the box's first corner may read the finest value there before: not part of the zoom).
 */
async function zoomCentre(page: Page, by: number): Promise<number> {
  await page.getByTestId('heatmap').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('heatmap-raster').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx - box.width / (2 * by), cy - box.height / (2 * by));
  await page.mouse.down();
  await page.mouse.move(cx + box.width / (2 * by), cy + box.height / (2 * by), { steps: 6 });
  const released = Date.now();
  await page.mouse.up();
  // Off the plot: a pointer resting on it reads the finest value under it (one chunk of level 0).
  await page.mouse.move(1, 1);
  return released;
}

/** Hovers the plot's centre and returns the finest cell and the value the read-out gives for it. */
async function hoverCentre(page: Page): Promise<{ x: number; y: number; value: number }> {
  await page.getByTestId('heatmap').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('heatmap-raster').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2 + 1);
  const readout = page.getByTestId('hover-value');
  await expect(readout).not.toContainText('reading', { timeout: 30_000 });
  const lines = (await readout.locator('div').allTextContents()).map((l) => l.split(': ').pop()!);
  return { x: Number(lines[0]), y: Number(lines[1]), value: Number(lines[2]) };
}

/** The map's axis ranges in frame pixels (x, and y downwards) of the 720 × 360 equirectangular frame. */
function frameView(page: Page): Promise<[number, number, number, number]> {
  return page.getByTestId('map-plot').evaluate((el) => {
    type Ax = { range: [number, number] };
    const fl = (el as unknown as { _fullLayout: { xaxis: Ax; yaxis: Ax } })._fullLayout;
    const [x0, x1] = [...fl.xaxis.range].sort((a, b) => a - b) as [number, number];
    const [y0, y1] = [...fl.yaxis.range].sort((a, b) => a - b) as [number, number];
    return [x0, -y1, x1, -y0];
  });
}

// Chunks are made (and compressed) by the server when asked for: a busy 2-core machine takes its time.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.request.post(`${STATIC_URL}/__control/synthetic-log/reset`);
});

test('a pyramid opens at the level that fills the plot and reads the chunks in view of a finer one on zoom', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/synthetic/pyramid.zarr`);
  await selectPath(page, '/0');
  const tiled = page.getByTestId('tiled-heatmap');
  await expect(tiled).toHaveAttribute('data-pyramid-level', /^\d$/, { timeout: 60_000 });
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
  const full = await plotRanges(page);
  const coarse = levelFor(full);
  expect(coarse).toBeGreaterThan(2);
  await expect(tiled).toHaveAttribute('data-pyramid-level', String(coarse));
  await expect(page.getByTestId('pyramid-level')).toHaveText(new RegExp(`^Showing level ${coarse + 1} of ${LEVELS} `));
  const first = await chunkRequests(page, 'pyramid.zarr');
  // The whole coarse level, nothing else.
  const [rows, cols] = [Math.ceil(HEIGHT / 2 ** coarse / CHUNK), Math.ceil(WIDTH / 2 ** coarse / CHUNK)];
  expect(first.every((e) => e.level === coarse)).toBe(true);
  expect(new Set(first.map((e) => `${e.i}.${e.j}`)).size).toBe(rows * cols);

  await page.request.post(`${STATIC_URL}/__control/synthetic-log/reset`);
  const released = await zoomCentre(page, 8);
  const zoomed = await plotRanges(page);
  const fine = levelFor(zoomed);
  expect(fine).toBeLessThan(coarse);
  await expect(tiled).toHaveAttribute('data-pyramid-level', String(fine), { timeout: 60_000 });
  const after = await chunkRequests(page, 'pyramid.zarr', released);
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((e) => e.level !== fine)).toEqual([]);
  expect(after.filter((e) => !inView(e, zoomed))).toEqual([]);

  // The read-out gives the finest level's value, not the level shown.
  const hover = await hoverCentre(page);
  expect(hover.value).toBeCloseTo(f(hover.y, hover.x), 2);
});

test('a field of 43,200 × 21,600 without a pyramid shows its cost and reads only the chunks in view', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/synthetic/big.zarr`);
  await selectPath(page, '/field');
  const cost = page.getByTestId('viewport-cost');
  await expect(cost).toContainText('The whole slice is 43,200 × 21,600 cells', { timeout: 60_000 });
  await expect(cost).toContainText('zoom in', { timeout: 60_000 });
  await page.waitForTimeout(1500);
  expect(await chunkRequests(page, 'big.zarr')).toEqual([]);

  const released = await zoomCentre(page, 16);
  await expect(page.getByTestId('tiled-heatmap')).toHaveAttribute('data-pyramid-level', '0', { timeout: 60_000 });
  await expect(cost).toContainText('Only the chunks in view are read');
  const zoomed = await plotRanges(page);
  const read = await chunkRequests(page, 'big.zarr', released);
  expect(read.length).toBeGreaterThan(0);
  expect(read.length).toBeLessThan(64);
  expect(read.filter((e) => !inView({ ...e, level: 0 }, zoomed))).toEqual([]);
  const hover = await hoverCentre(page);
  expect(hover.value).toBeCloseTo(f(hover.y, hover.x), 2);

  // NPY of the part in view: the finest cells whose centres are in view, stored values.
  const [downloaded] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-npy').click()]);
  const npy = readFileSync((await downloaded.path())!);
  const headerLength = npy.readUInt16LE(8);
  const header = npy.subarray(10, 10 + headerLength).toString('latin1');
  const [y0, x0] = [Math.ceil(zoomed.y[0]), Math.ceil(zoomed.x[0])];
  const [ny, nx] = [Math.floor(zoomed.y[1]) - y0 + 1, Math.floor(zoomed.x[1]) - x0 + 1];
  expect(header).toContain(`'descr': '<f4'`);
  expect(header).toContain(`'shape': (${ny}, ${nx})`);
  const data = new Float32Array(npy.buffer.slice(npy.byteOffset + 10 + headerLength, npy.byteOffset + npy.length));
  for (const [r, c] of [
    [0, 0],
    [ny - 1, nx - 1],
    [ny >> 1, nx >> 2],
  ] as const)
    expect(data[r * nx + c]).toBe(f(y0 + r, x0 + c));
});

test('a pyramid on the Map: the coarsest level that fills the frame, then the chunks in view of a finer one', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/synthetic/geo-pyramid.zarr`);
  await selectPath(page, '/0/tas');
  // The plot shown first (a tiled heatmap, sized to the window) reads its own level: wait for it, then count the
  // Map's requests only.
  await expect(page.getByTestId('tiled-heatmap')).toHaveAttribute('data-pyramid-level', /^\d$/, { timeout: 60_000 });
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
  await page.request.post(`${STATIC_URL}/__control/synthetic-log/reset`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByTestId('tiled-map');
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
  // 720 × 360 frame pixels: the coarsest level with at least 90 % of a cell per pixel both ways.
  let coarse = 0;
  while (coarse + 1 < LEVELS && levelShape(coarse + 1)[1] >= 0.9 * 720 && levelShape(coarse + 1)[0] >= 0.9 * 360)
    coarse++;
  await expect(map).toHaveAttribute('data-pyramid-level', String(coarse));
  await expect(page.getByTestId('pyramid-level')).toHaveText(
    `Showing level ${coarse + 1} of ${LEVELS} (/${coarse}/tas)`,
  );
  const first = await chunkRequests(page, 'geo-pyramid.zarr');
  const [rows, cols] = levelShape(coarse).map((n) => Math.ceil(n / CHUNK));
  expect(first.every((e) => e.level === coarse)).toBe(true);
  expect(new Set(first.map((e) => `${e.i}.${e.j}`)).size).toBe(rows! * cols!);

  // Zoom ×8 about the centre: a finer level, only chunks inside the zoom's box (0.5° of margin).
  await page.request.post(`${STATIC_URL}/__control/synthetic-log/reset`);
  const plot = page.getByTestId('map-plot');
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.locator('.nsewdrag').first().boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx - box.width / 16, cy - box.height / 16);
  await page.mouse.down();
  await page.mouse.move(cx + box.width / 16, cy + box.height / 16, { steps: 6 });
  const released = Date.now();
  await page.mouse.up();
  await page.mouse.move(1, 1);
  await expect(map).toHaveAttribute('data-zoomed', 'true');
  await expect(map).not.toHaveAttribute('data-pyramid-level', String(coarse), { timeout: 60_000 });
  const fine = Number(await map.getAttribute('data-pyramid-level'));
  expect(fine).toBeLessThan(coarse);
  await expect(page.getByTestId('map-zoom')).toHaveAttribute('data-rendered', /\d+/);
  await expect(page.getByTestId('pyramid-level')).toContainText('over the whole field');

  const [fx0, fy0, fx1, fy1] = await frameView(page);
  const [lon0, lon1] = [fx0 / 2 - 180 - 0.5, fx1 / 2 - 180 + 0.5];
  const [lat0, lat1] = [90 - fy1 / 2 - 0.5, 90 - fy0 / 2 + 0.5];
  const after = await chunkRequests(page, 'geo-pyramid.zarr', released);
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((e) => e.level !== fine)).toEqual([]);
  const deg = (CHUNK * 2 ** fine) / 120; // degrees per chunk of level `fine`
  const outside = after.filter((e) => {
    const [north, west] = [90 - e.i! * deg, -180 + e.j! * deg];
    return north - deg > lat1 || north < lat0 || west > lon1 || west + deg < lon0;
  });
  expect(outside).toEqual([]);
  const [fr, fc] = levelShape(fine).map((n) => Math.ceil(n / CHUNK));
  expect(after.length).toBeLessThan(fr! * fc!);

  // Hover: latitude, longitude and the field's value at the finest level's cell there (the drawn level's value
  // first, marked ≈, then the finest one once the pointer rests), as the field's formula gives it.
  await page.mouse.move(cx, cy);
  const hover = page.getByTestId('map-hover');
  await expect(hover).toHaveText(/^lat -?\d+\.\d\d°, lon -?\d+\.\d\d°: \d+(\.\d+)? — tas$/);
  const [yi, xi] = (await hover.getAttribute('data-cell'))!.split(',').map(Number);
  const expected = String(Number(f(yi!, xi!).toPrecision(6)));
  await expect(hover).toHaveText(new RegExp(`: ${expected.replace('.', '\\.')} — tas$`));

  // Export of the part in view at full resolution: ~5,400 × 2,700 finest cells at this zoom, too many; ×8 more and
  // the CSV has the finest cells inside the zoom's box (latitude rows, longitude columns, labelled with their
  // coordinates), each the field's value there.
  await expect(page.getByTestId('export-csv')).toBeDisabled();
  await expect(page.getByTestId('export-csv')).toHaveAttribute('title', /zoom in/);
  await page.mouse.move(cx - box.width / 16, cy - box.height / 16);
  await page.mouse.down();
  await page.mouse.move(cx + box.width / 16, cy + box.height / 16, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(1, 1);
  await expect(page.getByTestId('export-csv')).toBeEnabled({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  // Labels are coordinates with their units, a leading ' where a field starts with "-" (CSV injection guard).
  const num = (v: string) => parseFloat(v.replace(/^'/, ''));
  const lons = lines[0]!.split(',').slice(1).map(num);
  const table = lines.slice(1).map((l) => l.split(',').map(num));
  const cellOfLat = (v: number) => Math.round((90 - v) * 120 - 0.5);
  const cellOfLon = (v: number) => Math.round((v + 180) * 120 - 0.5);
  expect(table.length * lons.length).toBeLessThan(levelShape(fine)[0]! * levelShape(fine)[1]! * 4 ** fine);
  expect(lons[0]).toBeGreaterThanOrEqual(lon0);
  expect(lons.at(-1)).toBeLessThanOrEqual(lon1);
  for (const r of [0, table.length >> 1, table.length - 1])
    for (const c of [0, lons.length >> 2, lons.length - 1])
      expect(table[r]![c + 1]).toBeCloseTo(f(cellOfLat(table[r]![0]!), cellOfLon(lons[c]!)), 2);
});
