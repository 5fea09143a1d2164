/**
 * Fields too big to read whole (bench/synthetic/: a 43,200 × 21,600 float32 field made on demand by the static
 * server, as a 7-level OME-NGFF pyramid and as one level): the pyramid opens at the coarsest level that fills the plot
 * and refines on zoom, reading only chunks in view (checked at the server); the single-level field shows its cost,
 * reads nothing at full view and only the chunks in view after a zoom; hover values are the finest level's.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CHUNK, HEIGHT, LEVELS, WIDTH, f } from '../../bench/synthetic/index.mjs';
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

// Chunks are made (and compressed) by the server when asked for: a busy 2-core machine takes its time.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.request.get(`${STATIC_URL}/__control/reset`);
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

  await page.request.get(`${STATIC_URL}/__control/reset`);
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
