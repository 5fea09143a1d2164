/**
 * A slice is drawn as its data arrives: a slice of several chunks is painted chunk by chunk and the finished image
 * has every cell's colour; the axes are drawn while the slice is on the network, and the finished image goes onto
 * them (the same plot, not drawn again, no blank frame).
 */
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { writeBigField } from './big-field';
import { canvasColours, colourOfCell } from './big-field-pixels';

test('a slice of several chunks is painted chunk by chunk; the finished image has every cell’s colour', async ({
  page,
}) => {
  const chunked = `${STATIC_URL}${writeBigField('image-heatmap-chunked', 2)}#mode=zarr`;
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  // The last chunk of time 0 waits until the others are on screen.
  await page.route('**/field/0.1.1', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/');
  await openUrl(page, chunked);
  await selectPath(page, '/field');
  // One cell in each chunk (x, y): chunk (a, b) holds y in [120a, 120a + 120), x in [160b, 160b + 160).
  const cells: [number, number][] = [
    [10, 20],
    [200, 30],
    [40, 150],
    [300, 200],
  ];
  const progressive = page.getByTestId('heatmap-progressive');
  await expect(progressive).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await canvasColours(page, cells, 'heatmap-progressive').catch(() => [])).map((p) => p[3]), {
      timeout: 30_000,
    })
    .toEqual([255, 255, 255, 0]);
  await expect(page.getByTestId('heatmap')).toHaveCount(0);
  release();
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await expect(progressive).toHaveCount(0);
  expect(await canvasColours(page, [...cells, [9, 7]])).toEqual([
    ...cells.map(([x, y]) => colourOfCell(x, y)),
    [0, 0, 0, 0],
  ]);
});

test('the axes are drawn while the slice is on the network; the finished image is drawn on them, not a new plot', async ({
  page,
}) => {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/era5-like.zarr/t/0.0.0.0', async (route) => {
    await gate;
    await route.continue();
  });
  // The coordinates are read ahead when the dataset opens; a read knows how its slice will be drawn (and has the
  // worker that decodes its chunk colour it) once they are in.
  const finished = new Set<string>();
  page.on('requestfinished', (r) => finished.add(new URL(r.url()).pathname.replace(/.*era5-like\.zarr\//, '')));
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/era5-like.zarr`);
  await expect.poll(() => ['latitude/0', 'longitude/0'].every((k) => finished.has(k))).toBe(true);
  await page.waitForTimeout(300); // their decode
  await selectPath(page, '/t');
  // The chunk is held back: plotly has drawn the axes over the coordinates' extent (2° cells: lon −1 … 359).
  const loading = page.getByTestId('heatmap-progressive');
  await expect
    .poll(() =>
      loading.evaluate(
        (el) => (el as unknown as { _fullLayout?: { xaxis: { range: number[] } } })._fullLayout?.xaxis.range ?? null,
      ),
    )
    .toEqual([-1, 359]);
  // Count plotly's draws of that element from now on.
  await loading.evaluate((el) => {
    const gd = el as unknown as { on(n: string, f: () => void): void; draws: number };
    gd.draws = 0;
    gd.on('plotly_afterplot', () => gd.draws++);
    el.setAttribute('data-probe', 'axes-first');
    // Which plot counted the picture first, and whether the finished view's canvas had it the moment it took over.
    const w = window as unknown as { __firstCount?: string; __takeover?: number };
    // Mutation records come in order, delivered together after the task: the element's name when it was counted.
    let name = el.dataset.testid ?? '';
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.attributeName === 'data-testid') name = `after ${r.oldValue ?? ''}`;
        if (r.attributeName === 'data-rendered' && w.__firstCount === undefined) w.__firstCount = name;
      }
      if (el.dataset.testid === 'heatmap' && w.__takeover === undefined) {
        const cv = document.querySelector<HTMLCanvasElement>('[data-testid=heatmap-raster]');
        const px = cv?.getContext('2d')?.getImageData(Math.floor(cv.width / 2), Math.floor(cv.height / 2), 1, 1).data;
        w.__takeover = px?.[3] ?? -1;
      }
    }).observe(el, { attributes: true, attributeOldValue: true });
  });
  release();
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', '1', { timeout: 30_000 });
  // The picture was drawn by the loading plot as soon as the worker made it (before the read returned the slice),
  // and the finished slice's plot had the same pixels when it took the element over: no blank frame between.
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __firstCount?: string; __takeover?: number };
    return { first: w.__firstCount, takeover: w.__takeover };
  });
  expect(seen).toEqual({ first: 'heatmap-progressive', takeover: 255 });
  // The same element, not drawn again: the image went onto the axes already there.
  await expect(heatmap).toHaveAttribute('data-probe', 'axes-first');
  expect(await heatmap.evaluate((el) => (el as unknown as { draws: number }).draws)).toBe(0);
  await expect(page.getByTestId('colorbar')).toBeVisible();
});
