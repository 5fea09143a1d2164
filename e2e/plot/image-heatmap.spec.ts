/**
 * A big slice (240 × 320) is drawn as an image coloured in the decode workers, on a canvas under plotly's axes:
 * plotly holds no trace (the colour bar is the page's own); hovering shows the coordinates and the value of the cell under the
 * pointer, looked up in the slice; the colours are the colour map's (the lowest value has the map's first colour);
 * the pixels stay on their cells when the axes zoom; the next time step is prefetched; ERA5-like t has zarr-python's
 * values; the first heatmap finds its axes drawn off screen while the page was idle. Drawing while the data arrives
 * is in image-heatmap-progressive.spec.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { colorAt, rgbStops } from '../../src/render/colormap';
import { ROOT, openUrl, selectPath } from '../ui/helpers';
import { NX, NY, latAt, lonAt, valueAt, writeBigField } from './big-field';
import { canvasColours, colourOfCell } from './big-field-pixels';

const url = () => `${STATIC_URL}${writeBigField('image-heatmap')}#mode=zarr`;

/** The plot's trace types as plotly holds them. */
function traceTypes(page: Page): Promise<string[]> {
  return page
    .getByTestId('heatmap')
    .evaluate((el) => ((el as unknown as { data: { type: string }[] }).data ?? []).map((t) => t.type));
}

test('a big slice is an image with a colour bar; hover shows the cell’s coordinates and value', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, url());
  // The plot drawn off screen while the page is idle (plot-warm.ts), which the first heatmap takes.
  const marked = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).length, `zv:${name}`);
  await expect.poll(() => marked('warm-done'), { timeout: 30_000 }).toBe(1);
  // A narrower window since: the heatmap's place is no longer the size the plot was drawn at.
  await page.setViewportSize({ width: 1100, height: 720 });
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  expect(await traceTypes(page)).toEqual([]);
  // Taken, none left behind, and drawn at its place's size (not the size it had off screen).
  expect(await marked('warm-adopted')).toBe(1);
  expect(await page.locator('body > .plot-area').count()).toBe(0);
  const size = await heatmap.evaluate((el) => {
    const fl = (el as unknown as { _fullLayout: { width: number; height: number } })._fullLayout;
    // As wide as its place on the page, and drawn at the size it has.
    return [fl.width - el.parentElement!.clientWidth, fl.width - el.clientWidth, fl.height - el.clientHeight];
  });
  expect(size).toEqual([0, 0, 0]);
  // The colour bar spans the slice's extremes.
  const bar = page.getByTestId('colorbar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-label', /^Colour scale of big field/);
  // The axes span the cells' outer edges: lon 0 ± 0.25 … lon at NX − 1 ± 0.25; lat likewise.
  const ranges = await heatmap.evaluate((el) => {
    const fl = (el as unknown as { _fullLayout: Record<string, { range: number[] }> })._fullLayout;
    return [fl.xaxis!.range, fl.yaxis!.range];
  });
  expect(ranges).toEqual([
    [lonAt(0) - 0.25, lonAt(NX - 1) + 0.25],
    [latAt(NY - 1) - 0.25, latAt(0) + 0.25],
  ]);

  await heatmap.scrollIntoViewIfNeeded();
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.2, 0.8],
    [0.9, 0.1],
  ] as const) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 3 });
    const readout = page.getByTestId('hover-value');
    // The read-out follows the pointer: wait until it shows the cell under it.
    let text = '';
    let [x, y] = [-1, -1];
    await expect(async () => {
      text = await readout.innerText();
      const lon = Number(/lon[^:]*: (-?[\d.]+)/.exec(text)?.[1]);
      const lat = Number(/lat[^:]*: (-?[\d.]+)/.exec(text)?.[1]);
      [x, y] = [Math.round(lon / 0.5), Math.round((60 - lat) / 0.5)];
      // About where the pointer is (the image fills the plot area).
      expect(Math.abs(x / NX - fx)).toBeLessThan(0.03);
      expect(Math.abs(y / NY - fy)).toBeLessThan(0.03);
    }).toPass({ timeout: 10_000 });
    expect(lonAt(x)).toBeCloseTo(Number(/lon[^:]*: (-?[\d.]+)/.exec(text)?.[1]), 6);
    expect(latAt(y)).toBeCloseTo(Number(/lat[^:]*: (-?[\d.]+)/.exec(text)?.[1]), 6);
    expect(text).toContain(`big field: ${valueAt(0, y, x)}`);
  }
});

test('the first heatmap of the likeliest variable finds its axes drawn while the page was idle', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, url());
  const marked = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).length, `zv:${name}`);
  // Off screen: the axes the first 2-D variable's heatmap will have (views/heatmap/heatmap-figure.ts).
  await expect.poll(() => marked('warm-done'), { timeout: 30_000 }).toBe(1);
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  // Taken as drawn: plotly drew nothing after the click.
  expect(await marked('warm-kept')).toBe(1);
  expect(await marked('plotly-start')).toBe(0);
  // And it is the right figure: the cells' outer edges, the coordinates' names, the size of its place.
  const drawn = await heatmap.evaluate((el) => {
    type Axis = { range: number[]; title: { text: string } };
    const fl = (el as unknown as { _fullLayout: { xaxis: Axis; yaxis: Axis; width: number; height: number } })
      ._fullLayout;
    return {
      ranges: [fl.xaxis.range, fl.yaxis.range],
      titles: [fl.xaxis.title.text, fl.yaxis.title.text],
      size: [fl.width - el.clientWidth, fl.height - el.clientHeight],
    };
  });
  expect(drawn.ranges).toEqual([
    [lonAt(0) - 0.25, lonAt(NX - 1) + 0.25],
    [latAt(NY - 1) - 0.25, latAt(0) + 0.25],
  ]);
  expect(drawn.titles[0]).toMatch(/^lon/);
  expect(drawn.titles[1]).toMatch(/^lat/);
  expect(drawn.size).toEqual([0, 0]);
  // Still styled as plotly's (its SVG layers let the pointer through to what lies under and beside them).
  expect(await heatmap.evaluate((el) => el.classList.contains('js-plotly-plot'))).toBe(true);
  // The pixels on their cells: the lowest value the map's first colour, the highest its last.
  await heatmap.scrollIntoViewIfNeeded();
  expect(
    await canvasColours(page, [
      [0, 0],
      [NX - 1, NY - 1],
    ]),
  ).toEqual([
    [0x44, 0x01, 0x54, 255],
    [0xfd, 0xe7, 0x25, 255],
  ]);
});

test('the canvas’s pixels have the colour map’s colours at their cells, and follow a zoom', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, url());
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await heatmap.scrollIntoViewIfNeeded();
  const cells: [number, number][] = [
    [0, 0], // the lowest value: the map's first stop
    [NX - 1, NY - 1], // the highest: its last
    [9, 7], // masked: a gap
  ];
  expect(await canvasColours(page, cells)).toEqual([
    [0x44, 0x01, 0x54, 255],
    [0xfd, 0xe7, 0x25, 255],
    [0, 0, 0, 0],
  ]);
  // Zoom into the top-right quarter with plotly's zoom box: the same cells keep their colours.
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  const rendered = Number(await heatmap.getAttribute('data-rendered'));
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.02);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.99, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(() =>
      heatmap.evaluate(
        (el) => (el as unknown as { _fullLayout: { xaxis: { range: number[] } } })._fullLayout.xaxis.range[0],
      ),
    )
    .toBeGreaterThan(lonAt(NX / 2) - 5);
  expect(Number(await heatmap.getAttribute('data-rendered'))).toBe(rendered);
  const zoomed: [number, number][] = [
    [NX - 20, 15],
    [NX / 2 + 20, 100],
  ];
  expect(await canvasColours(page, zoomed)).toEqual(zoomed.map(([x, y]) => colourOfCell(x, y)));
});

test('scrubbing: the next time step was prefetched while the first was shown (telemetry counts the hits)', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, url());
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await page.getByTestId('telemetry').locator('summary').click();
  await expect(page.getByTestId('telemetry-prefetch-hits')).toHaveText('0');
  // Requests settle once the neighbours (time 1; time 2 after it) are in.
  // The panel refreshes once a second and the prefetch waits for the user to dwell: settled means the same count
  // over more than two refreshes (a busy machine can take seconds to read both neighbours).
  let requests = '';
  await expect
    .poll(
      async () => {
        const before = await page.getByTestId('telemetry-requests').innerText();
        await page.waitForTimeout(2200);
        requests = await page.getByTestId('telemetry-requests').innerText();
        return before === requests && requests !== '0';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.getByTestId('slider-time').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('slice-view')).toHaveAttribute(
    'data-key',
    JSON.stringify(['/field', [1, null, null], null]),
  );
  await expect(page.getByTestId('telemetry-prefetch-hits')).toHaveText('1', { timeout: 5000 });
  // No new request at all: time 1 came from the prefetch, and its neighbours (0, 2) are cached already.
  await page.waitForTimeout(1100);
  await expect(page.getByTestId('telemetry-requests')).toHaveText(requests);
  await heatmap.scrollIntoViewIfNeeded();
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  await expect(page.getByTestId('hover-value')).toContainText(/big field: 1\d{6}/);
});

test('ERA5-like t: pixels at known cells have the colours of zarr-python’s values; hover reads the value', async ({
  page,
}) => {
  const e = (
    JSON.parse(readFileSync(path.join(ROOT, 'fixtures/xarray-world/expected.json'), 'utf8')) as {
      datasets: Record<string, { values: Record<string, (number | string)[] | number> }>;
    }
  ).datasets['era5-like']!.values;
  const [lo, hi] = [e.min_first_field as number, e.max_first_field as number];
  const rows: Record<number, number[]> = { 0: e.first_row as number[], 45: e.middle_row as number[] };
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/xarray-world/era5-like.zarr`);
  await selectPath(page, '/t');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  expect(await traceTypes(page)).toEqual([]);
  // One chunk per field: the worker that decoded it made the image in the same task; a Blosc chunk on a plain HTTP
  // server, fetched by that worker and decoded as it arrived. The neighbours read ahead after the dwell (t = 1, 2)
  // are made the same way; the coordinates' chunks are fetched by the workers too, without an image.
  const counts = () =>
    Promise.all(
      ['images-made-with-the-decode', 'chunks-decoded-as-they-arrived'].map((id) =>
        page.getByTestId(`telemetry-${id}`).textContent(),
      ),
    );
  await expect
    .poll(async () => {
      const [images, arrived] = (await counts()).map(Number);
      // Every chunk a worker fetches is decoded as it arrives (the coordinates' too): at least the pictures' chunks.
      return images! >= 1 && arrived! >= images! ? 'ok' : `${images} images, ${arrived} decoded as they arrived`;
    })
    .toBe('ok');
  await heatmap.scrollIntoViewIfNeeded();
  // The 2° grid: latitude 90 → −90 (row r at 90 − 2r), longitude 0 → 358 (column c at 2c).
  const cells = [0, 45].flatMap((r) => [0, 5, 7].map((c) => [r, c] as const));
  const got = await heatmap.evaluate(
    (el, pts) => {
      const fl = (el as unknown as { _fullLayout: Record<string, { d2p(v: number): number }> })._fullLayout;
      const canvas = el.closest('figure')!.querySelector('canvas')!;
      const k = canvas.width / canvas.getBoundingClientRect().width;
      const ctx = canvas.getContext('2d')!;
      return pts.map(([lat = 0, lon = 0]) =>
        Array.from(ctx.getImageData(Math.floor(fl.xaxis!.d2p(lon) * k), Math.floor(fl.yaxis!.d2p(lat) * k), 1, 1).data),
      );
    },
    cells.map(([r, c]) => [90 - 2 * r, 2 * c]),
  );
  expect(got).toEqual(cells.map(([r, c]) => [...colorAt(rgbStops('viridis'), (rows[r]![c]! - lo) / (hi - lo)), 255]));
  // Hover over row 45, column 7: the read-out shows zarr-python's value.
  const at = await heatmap.evaluate((el) => {
    const fl = (el as unknown as { _fullLayout: Record<string, any> })._fullLayout; // eslint-disable-line @typescript-eslint/no-explicit-any -- plotly internals
    const box = el.getBoundingClientRect();
    return { x: box.left + fl._size.l + fl.xaxis.d2p(14), y: box.top + fl._size.t + fl.yaxis.d2p(0) };
  });
  await page.mouse.move(at.x, at.y, { steps: 3 });
  const text = await page.getByTestId('hover-value').innerText();
  const value = Number(/: (-?[\d.]+)$/m.exec(text.split('\n').pop() ?? '')?.[1]);
  expect(Math.abs(value - rows[45]![7]!)).toBeLessThan(1e-4 * rows[45]![7]!);
});
