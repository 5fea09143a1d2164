/**
 * A pyramid on the Map (bench/synthetic/geo-pyramid.zarr: the 43,200 × 21,600 field on latitude/longitude in
 * ndpyramid's layout, made on demand by the static server): the Map reads the whole coarsest level that fills its
 * frame, and a zoom reads only the chunks of a finer level inside the zoom's latitude/longitude box (checked at the
 * server), drawn over the whole picture.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHUNK, LEVELS, levelShape } from '../../bench/synthetic/index.mjs';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';

interface SyntheticRequest {
  readonly time: number;
  readonly dataset: string | null;
  readonly level: number | null;
  readonly i: number | null;
  readonly j: number | null;
}

async function chunkRequests(page: Page, since = 0): Promise<SyntheticRequest[]> {
  const res = await page.request.get(`${STATIC_URL}/__control/synthetic-log`);
  const log = (await res.json()) as SyntheticRequest[];
  return log.filter((e) => e.dataset === 'geo-pyramid.zarr' && e.i !== null && e.time >= since);
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

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.request.get(`${STATIC_URL}/__control/reset`);
});

test('a pyramid on the Map: the coarsest level that fills the frame, then the chunks in view of a finer one', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/synthetic/geo-pyramid.zarr`);
  await selectPath(page, '/0/tas');
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
  const first = await chunkRequests(page);
  const [rows, cols] = levelShape(coarse).map((n) => Math.ceil(n / CHUNK));
  expect(first.every((e) => e.level === coarse)).toBe(true);
  expect(new Set(first.map((e) => `${e.i}.${e.j}`)).size).toBe(rows! * cols!);

  // Zoom ×8 about the centre: a finer level, only chunks inside the zoom's box (0.5° of margin).
  await page.request.get(`${STATIC_URL}/__control/reset`);
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
  const after = await chunkRequests(page, released);
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

  // Hover: latitude, longitude and a value of the field.
  await page.mouse.move(cx, cy);
  await expect(page.getByTestId('map-hover')).toHaveText(/^lat -?\d+\.\d\d°, lon -?\d+\.\d\d°: \d+(\.\d+)? — tas$/);
});
